#define _GNU_SOURCE
#include <fcntl.h>
#include <unistd.h>
#include "cpipe.h"

int cpipe_cloexec(int fds[2], int nonblocking) {
    return pipe2(fds, O_CLOEXEC | (nonblocking ? O_NONBLOCK : 0));
}
