#ifndef TERMINAL_WIDTH_H
#define TERMINAL_WIDTH_H

/// The C library's `wcwidth` for one scalar, in the current locale: the columns a terminal
/// gives it (-1 when it is not printable). Swift's Glibc module leaves `wcwidth` out (it is an
/// X/Open function), and the screen's writer must count columns as curses and the terminals do.
int terminal_wcwidth(unsigned int scalar);

#endif
