#define _XOPEN_SOURCE 700
#include <wchar.h>
#include "terminal_width.h"

int terminal_wcwidth(unsigned int scalar) {
    return wcwidth((wchar_t)scalar);
}
