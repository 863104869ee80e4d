/* Oniguruma, the regular expression library jq itself uses (decision 147). Its encoding, its
   syntax, its option bits and its error text sit behind macros and a variadic function, which
   Swift cannot import; these give them plainly. */
#include <oniguruma.h>

static inline OnigEncoding infinilist_onig_utf8(void) { return ONIG_ENCODING_UTF8; }
static inline OnigSyntaxType *infinilist_onig_perl_ng(void) { return ONIG_SYNTAX_PERL_NG; }

static const unsigned int infinilist_onig_none = ONIG_OPTION_NONE;
static const unsigned int infinilist_onig_ignorecase = ONIG_OPTION_IGNORECASE;
static const unsigned int infinilist_onig_extend = ONIG_OPTION_EXTEND;
static const unsigned int infinilist_onig_multiline = ONIG_OPTION_MULTILINE;
static const unsigned int infinilist_onig_singleline = ONIG_OPTION_SINGLELINE;
static const unsigned int infinilist_onig_find_longest = ONIG_OPTION_FIND_LONGEST;
static const unsigned int infinilist_onig_find_not_empty = ONIG_OPTION_FIND_NOT_EMPTY;
static const unsigned int infinilist_onig_capture_group = ONIG_OPTION_CAPTURE_GROUP;

/* The message of an error code, as jq prints it after "Regex failure: ". */
static inline int infinilist_onig_error_text(OnigUChar *buffer, int code, OnigErrorInfo *info) {
    return info ? onig_error_code_to_str(buffer, code, info) : onig_error_code_to_str(buffer, code);
}
