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

/* mallopt and its M_* settings, which Swift's Glibc module leaves out: `--dump` tunes the
   allocator so its peak memory stays flat however many pages it writes (decision 76). */
#include <malloc.h>

/* Terminfo for the screen's own writer (decision 84): a string capability, or NULL when the
   terminal has none (tigetstr's (char *)-1 for "not a string capability" included); and
   tiparm, which is variadic and so not callable from Swift, with one and two parameters. */

static inline const char *shim_string_capability(const char *name) {
    const char *value = tigetstr(name);
    return value == (const char *)-1 ? NULL : value;
}
static inline const char *shim_tiparm1(const char *capability, int first) { return tiparm(capability, first); }
static inline const char *shim_tiparm2(const char *capability, int first, int second) {
    return tiparm(capability, first, second);
}

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

/* How many colours and colour pairs the terminal has (globals, unusable from Swift 6). */
static inline int shim_colors(void) { return COLORS; }
static inline int shim_color_pairs(void) { return COLOR_PAIRS; }

/* Mouse: BUTTONn_PRESSED are function-like macros Swift cannot import. The wheel is
   buttons 4 (up) and 5 (down); ncurses 6 reports each notch as a press. */
static inline mmask_t shim_mouse_mask_wanted(void) {
#if NCURSES_MOUSE_VERSION > 1
    return BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON4_PRESSED | BUTTON5_PRESSED;
#else
    return BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON4_PRESSED;
#endif
}
static inline int shim_mouse_is_wheel_up(mmask_t state) { return (state & BUTTON4_PRESSED) != 0; }
static inline int shim_mouse_is_wheel_down(mmask_t state) {
#if NCURSES_MOUSE_VERSION > 1
    return (state & BUTTON5_PRESSED) != 0;
#else
    return 0;
#endif
}
static inline int shim_mouse_is_click(mmask_t state) {
    return (state & (BUTTON1_PRESSED | BUTTON1_CLICKED)) != 0;
}

/*
 * Crash guard: give the terminal back when the process dies of a fatal signal (a Swift trap is
 * SIGILL or SIGTRAP, a bad access SIGSEGV or SIGBUS, abort() SIGABRT). curses leaves the terminal
 * in raw mode on the alternate screen with the cursor hidden; without this a crash leaves the
 * user's shell unusable. The handler only calls async-signal-safe functions (write, tcsetattr,
 * sigaction, raise) on data prepared in advance, then re-raises the signal with its default
 * action, so the exit status and any core dump are those of the original crash.
 *
 * The handlers are installed for the whole life of the process (`shim_crash_guard_install`), not
 * only while the screen is up: they replace the Swift runtime's own crash handler, whose
 * backtracer is interactive on a terminal (it draws over the screen and waits for a key). The
 * runtime's handler is called after ours only when the caller says it will not prompt
 * (`chain`), so a crash in a script still gets its backtrace on stderr.
 *
 * The state is a function-local `static`: every object file that calls these functions gets its
 * own copy, so all of them must be called from one Swift file (CrashGuard.swift).
 */
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#define SHIM_CRASH_SIGNAL_COUNT 6

/* Everything the handler needs, prepared before any crash. A function-local static, because
   Swift emits the functions of an imported header but not its file-scope variables. */
struct shim_crash_state {
    int signals[SHIM_CRASH_SIGNAL_COUNT];
    struct sigaction previous[SHIM_CRASH_SIGNAL_COUNT];
    struct termios saved_modes;
    int fd;
    char reset[512];
    size_t reset_length;
    /* The screen is up: the terminal must be restored. */
    volatile sig_atomic_t armed;
    volatile sig_atomic_t installed;
    /* Call the previous handler (the Swift runtime's backtracer) after restoring the terminal. */
    volatile sig_atomic_t chain;
    /* Room for the handler when the crash is a stack overflow (main thread only). */
    char stack[64 * 1024];
};

static inline struct shim_crash_state *shim_crash_state(void) {
    static struct shim_crash_state state = {
        .signals = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP },
        .fd = -1,
    };
    return &state;
}

static void shim_crash_handler(int signal_number, siginfo_t *info, void *context) {
    struct shim_crash_state *state = shim_crash_state();
    if (state->armed) {
        state->armed = 0;
        if (state->reset_length > 0) (void)write(state->fd, state->reset, state->reset_length);
        (void)tcsetattr(state->fd, TCSANOW, &state->saved_modes);
        static const char note[] = "\ninfinilist: crashed (fatal signal); the terminal was restored\n";
        (void)write(2, note, sizeof note - 1);
    }
    if (state->chain) {
        state->chain = 0;
        for (int i = 0; i < SHIM_CRASH_SIGNAL_COUNT; i++) {
            if (state->signals[i] != signal_number) continue;
            struct sigaction *previous = &state->previous[i];
            if (previous->sa_flags & SA_SIGINFO) {
                if (previous->sa_sigaction != NULL) previous->sa_sigaction(signal_number, info, context);
            } else if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN) {
                previous->sa_handler(signal_number);
            }
        }
    } else {
        static const char hint[] = "infinilist: crashed; run it with SWIFT_BACKTRACE=interactive=no for a backtrace\n";
        (void)write(2, hint, sizeof hint - 1);
    }
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    (void)sigaction(signal_number, &fallback, NULL);
    (void)raise(signal_number);
}

/* At the start of the process: installs the handlers for good, on an alternate stack.
   `chain` non-zero: after restoring the terminal, call the handler that was there before (the
   Swift runtime's backtracer), because it was found not to prompt. */
static inline void shim_crash_guard_install(int chain) {
    struct shim_crash_state *state = shim_crash_state();
    if (state->installed) return;
    state->installed = 1;
    state->chain = chain;
    stack_t alternate;
    memset(&alternate, 0, sizeof alternate);
    alternate.ss_sp = state->stack;
    alternate.ss_size = sizeof state->stack;
    (void)sigaltstack(&alternate, NULL);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = shim_crash_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_ONSTACK | SA_NODEFER | SA_SIGINFO;
    for (int i = 0; i < SHIM_CRASH_SIGNAL_COUNT; i++) {
        (void)sigaction(state->signals[i], &action, &state->previous[i]);
    }
}

/* Before curses changes the terminal on `fd`: remembers its modes. 0 on success. */
static inline int shim_crash_guard_save(int fd) {
    struct shim_crash_state *state = shim_crash_state();
    state->fd = fd;
    return tcgetattr(fd, &state->saved_modes);
}

static inline void shim_crash_guard_append(struct shim_crash_state *state, const char *capability) {
    const char *sequence = tigetstr(capability);
    if (sequence == NULL || sequence == (const char *)-1) return;
    size_t length = strlen(sequence);
    if (state->reset_length + length > sizeof state->reset) return;
    memcpy(state->reset + state->reset_length, sequence, length);
    state->reset_length += length;
}

/* After newterm: records the terminal's reset sequences (attributes off, keypad off, cursor
   visible, leave the alternate screen); from now on a crash restores the terminal. */
static inline void shim_crash_guard_arm(void) {
    struct shim_crash_state *state = shim_crash_state();
    state->reset_length = 0;
    shim_crash_guard_append(state, "sgr0");
    shim_crash_guard_append(state, "rmkx");
    shim_crash_guard_append(state, "cnorm");
    shim_crash_guard_append(state, "rmcup");
    /* Mouse reporting off (on unless --no-mouse), else the shell receives mouse reports after a
       crash; a terminal that never had it on ignores these private modes. */
    static const char mouse_off[] = "\033[?1006l\033[?1000l";
    if (state->reset_length + sizeof mouse_off - 1 <= sizeof state->reset) {
        memcpy(state->reset + state->reset_length, mouse_off, sizeof mouse_off - 1);
        state->reset_length += sizeof mouse_off - 1;
    }
    shim_crash_guard_install(0);
    state->armed = 1;
}

/* The terminal is restored normally: a crash from now on has no terminal to restore. The
   handlers stay, so the backtracer still never prompts. */
static inline void shim_crash_guard_disarm(void) {
    struct shim_crash_state *state = shim_crash_state();
    state->armed = 0;
}

#endif
