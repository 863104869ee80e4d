/*
 * ncursesw as Swift sees it. SwiftPM drops pkg-config's -D flags, so wide-character support is
 * switched on here; attribute macros and function-like macros that Swift cannot import are
 * wrapped as static inline functions; prototypes Swift's Glibc module lacks are declared.
 * See shared/docs/terminal-notes.md.
 */
#ifndef INFINILIST_CNCURSESW_SHIM_H
#define INFINILIST_CNCURSESW_SHIM_H

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <wchar.h>
#include <curses.h>

/* Not declared for Swift's Glibc module; inside a [system] module a missing prototype fails
   silently, so it is declared here. */
extern int wcwidth(wchar_t c);

/* Attribute macros. */
static inline attr_t shim_a_normal(void) { return A_NORMAL; }
static inline attr_t shim_a_reverse(void) { return A_REVERSE; }
static inline attr_t shim_a_bold(void) { return A_BOLD; }
static inline attr_t shim_a_dim(void) { return A_DIM; }
static inline attr_t shim_a_underline(void) { return A_UNDERLINE; }
static inline attr_t shim_color_pair(short pair) { return (attr_t)COLOR_PAIR(pair); }

/* The standard window of the current screen (after newterm). The C global is not usable from
   Swift 6, whose concurrency checking rejects imported mutable globals. */
static inline WINDOW *shim_stdscr(void) { return stdscr; }

/* Function-like macros (getmaxyx, wattrset, KEY_F) as functions. */
static inline int shim_getmaxy(const WINDOW *win) { return getmaxy(win); }
static inline int shim_getmaxx(const WINDOW *win) { return getmaxx(win); }
static inline int shim_getcury(const WINDOW *win) { return getcury(win); }
static inline int shim_getcurx(const WINDOW *win) { return getcurx(win); }
static inline int shim_wattrset(WINDOW *win, attr_t attrs) { return wattrset(win, (int)attrs); }
static inline void shim_wbkgdset(WINDOW *win, attr_t attrs) { wbkgdset(win, (chtype)' ' | attrs); }
static inline int shim_key_f(int n) { return KEY_F(n); }

/* The size of the terminal on `fd` (the tty), for resizeterm after SIGWINCH; 0 on success.
   ioctl is variadic and cannot be called from Swift. */
static inline int shim_tty_size(int fd, int *rows, int *columns) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0 || ws.ws_row == 0 || ws.ws_col == 0) return -1;
    *rows = ws.ws_row;
    *columns = ws.ws_col;
    return 0;
}

#endif
