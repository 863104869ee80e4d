#ifndef CPIPE_H
#define CPIPE_H

/// `pipe2(fds, O_CLOEXEC | (nonblocking ? O_NONBLOCK : 0))`: a pipe whose ends are close-on-exec
/// from the start. Swift's Glibc module leaves `pipe2` out (a GNU extension), and `pipe` then
/// `fcntl` leaves a moment in which a process another thread spawns inherits the ends, keeping
/// the pipe open after its owner closed it (a reader then waits for an end that never comes).
int cpipe_cloexec(int fds[2], int nonblocking);

#endif
