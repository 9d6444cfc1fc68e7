// The runner for PCRE2 called from C (libpcre2-8), used by the benchmark: the Python binding's
// per-call overhead hides PCRE2's own speed.  Built by tests/engines.py with
// gcc -O2 runner_pcre2.c -lpcre2-8 (Debian/Ubuntu package libpcre2-dev).
// Input on stdin, output on stdout: see the protocol in tests/engines.py.  The "version" line
// comes after the patterns are compiled: it says whether each one runs in the JIT.
//
// Each pattern is compiled with pcre2_compile(PCRE2_UTF), then pcre2_jit_compile
// (PCRE2_JIT_COMPLETE) when the library has a JIT; each call is pcre2_jit_match (pcre2_match
// where the JIT is not used) from offset 0 without PCRE2_ANCHORED -- search semantics -- into
// one match_data reused by every call, with the default match context (so the default 32 KiB
// JIT stack and the default match limits).
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    char *data;
    size_t len;
} Text;

typedef struct {
    const char *label;
    pcre2_code *code;
    int jit;  // 1: pcre2_jit_match, 0: pcre2_match
} Compiled;

static char *input;  // stdin, cut into lines in place
static pcre2_match_data *match_data;

static void fail(const char *message) {
    fprintf(stderr, "runner_pcre2: %s\n", message);
    exit(2);
}

static void *allocate(size_t size) {
    void *p = malloc(size ? size : 1);
    if (!p) fail("out of memory");
    return p;
}

static char *next_line(void) {
    if (!input) fail("input ends early");
    char *line = input;
    char *nl = strchr(line, '\n');
    input = nl ? nl + 1 : NULL;
    if (nl) *nl = '\0';
    return line;
}

static long next_count(void) {
    char *line = next_line(), *end;
    long n = strtol(line, &end, 10);
    if (end == line || *end != '\0' || n < 0) fail("bad count");
    return n;
}

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    fail("bad hex digit");
    return 0;
}

static Text decode(const char *hex) {
    size_t n = strlen(hex);
    if (n % 2) fail("odd hex length");
    Text t = {allocate(n / 2 + 1), n / 2};
    for (size_t i = 0; i < t.len; i++) {
        t.data[i] = (char)(hex_digit(hex[2 * i]) << 4 | hex_digit(hex[2 * i + 1]));
    }
    t.data[t.len] = '\0';
    return t;
}

static Text *next_texts(long *count) {
    *count = next_count();
    Text *texts = allocate(*count * sizeof *texts);
    for (long i = 0; i < *count; i++) texts[i] = decode(next_line());
    return texts;
}

static char *read_all(FILE *f) {
    size_t cap = 1 << 20, size = 0, got;
    char *buffer = allocate(cap + 1);
    while ((got = fread(buffer + size, 1, cap - size, f)) > 0) {
        size += got;
        if (size == cap && !(buffer = realloc(buffer, (cap *= 2) + 1))) fail("out of memory");
    }
    buffer[size] = '\0';
    return buffer;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

__attribute__((format(printf, 1, 2))) static void say(const char *format, ...) {
    va_list args;
    va_start(args, format);
    vprintf(format, args);
    va_end(args);
    putchar('\n');
    fflush(stdout);
}

static void error_text(int code, char *buffer, size_t size) {
    if (pcre2_get_error_message(code, (PCRE2_UCHAR *)buffer, size) < 0) {
        snprintf(buffer, size, "PCRE2 error %d", code);
    }
}

// One search of the whole subject: >= 0 a match, PCRE2_ERROR_NOMATCH none, else an error.
static inline int search(const Compiled *p, const Text *s) {
    if (p->jit) {
        return pcre2_jit_match(p->code, (PCRE2_SPTR)s->data, s->len, 0, 0, match_data, NULL);
    }
    return pcre2_match(p->code, (PCRE2_SPTR)s->data, s->len, 0, 0, match_data, NULL);
}

// Compile one pattern (and JIT-compile it when the library has a JIT; if that fails, append
// "LABEL: why" to no_jit).  Returns 0, having said "error LABEL ...", if it does not compile.
static int compile(const char *label, Text source, int have_jit, Compiled *out, char *no_jit,
                   size_t no_jit_size) {
    char message[256];
    int code;
    PCRE2_SIZE offset;
    double t0 = now();
    pcre2_code *re =
        pcre2_compile((PCRE2_SPTR)source.data, source.len, PCRE2_UTF, &code, &offset, NULL);
    if (!re) {
        error_text(code, message, sizeof message);
        say("error %s %s at offset %zu", label, message, (size_t)offset);
        return 0;
    }
    int jit = 0;
    if (have_jit) {
        code = pcre2_jit_compile(re, PCRE2_JIT_COMPLETE);
        jit = code == 0;
        if (!jit) {
            error_text(code, message, sizeof message);
            size_t n = strlen(no_jit);
            snprintf(no_jit + n, no_jit_size - n, "%s%s: %s", n ? "; " : "", label, message);
        }
    }
    say("compiled %s %.3f", label, (now() - t0) * 1000);
    *out = (Compiled){label, re, jit};
    return 1;
}

// The verdicts, then (if min_seconds > 0) passes over all hands until min_seconds have gone by.
static void run(const Compiled *re, const Text *hands, long count, double min_seconds) {
    char *bits = allocate(count + 1);
    for (long i = 0; i < count; i++) {
        int rc = search(re, &hands[i]);
        if (rc < 0 && rc != PCRE2_ERROR_NOMATCH) {
            char message[256];
            error_text(rc, message, sizeof message);
            say("failed %s %s (hand %ld)", re->label, message, i);
            free(bits);
            return;
        }
        bits[i] = rc >= 0 ? '1' : '0';
    }
    bits[count] = '\0';
    say("result %s %s", re->label, bits);
    free(bits);
    if (min_seconds <= 0) return;
    long passes = 0, matches = 0;
    double t0 = now(), elapsed;
    do {
        for (long i = 0; i < count; i++) {
            if (search(re, &hands[i]) >= 0) matches++;
        }
        passes++;
        elapsed = now() - t0;
    } while (elapsed < min_seconds);
    say("rate %s %ld %.6f %ld", re->label, passes, elapsed, matches);
}

// The fastest of `repeats` calls on one hostile string, or the error that stopped them.
static void worst(const Compiled *re, long index, const Text *text, long repeats) {
    double best = 1e300;
    for (long r = 0; r < repeats; r++) {
        double t0 = now();
        int rc = search(re, text);
        double took = now() - t0;
        if (rc < 0 && rc != PCRE2_ERROR_NOMATCH) {
            char message[256];
            error_text(rc, message, sizeof message);
            say("worsterror %s %ld %s", re->label, index, message);
            return;
        }
        if (took < best) best = took;
    }
    say("worst %s %ld %.6f", re->label, index, best * 1000);
}

int main(void) {
    input = read_all(stdin);
    if (strcmp(next_line(), "mahjong-regex-runner 1") != 0) fail("bad input header");
    double min_seconds = strtod(next_line(), NULL);
    next_line();  // flags: none for PCRE2 (PCRE2_UTF is always set)
    long count = next_count();
    char **labels = allocate(count * sizeof *labels);
    Text *sources = allocate(count * sizeof *sources);
    for (long i = 0; i < count; i++) {
        labels[i] = next_line();
        sources[i] = decode(next_line());
    }
    long hand_count, hostile_count;
    Text *hands = next_texts(&hand_count);
    Text *hostile = next_texts(&hostile_count);
    long repeats = next_count();

    char version[64] = "";
    pcre2_config(PCRE2_CONFIG_VERSION, version);
    char *space = strchr(version, ' ');  // "10.42 2022-12-11": keep the number
    if (space) *space = '\0';
    uint32_t have_jit = 0;
    pcre2_config(PCRE2_CONFIG_JIT, &have_jit);

    Compiled *compiled = allocate(count * sizeof *compiled);
    long ok = 0;
    uint32_t max_captures = 0;
    char no_jit[512] = "";  // labels compiled without the JIT, and why
    for (long i = 0; i < count; i++) {
        if (!compile(labels[i], sources[i], have_jit, &compiled[ok], no_jit, sizeof no_jit)) {
            continue;
        }
        uint32_t captures = 0;
        pcre2_pattern_info(compiled[ok++].code, PCRE2_INFO_CAPTURECOUNT, &captures);
        if (captures > max_captures) max_captures = captures;
    }
    if (!have_jit) {
        say("version PCRE2 %s (C, no JIT: the library has none)", version);
    } else if (no_jit[0]) {
        say("version PCRE2 %s (C, JIT; interpreter for %s)", version, no_jit);
    } else {
        say("version PCRE2 %s (C, JIT)", version);
    }
    match_data = pcre2_match_data_create(max_captures + 1, NULL);
    if (!match_data) fail("out of memory");
    for (long p = 0; p < ok; p++) run(&compiled[p], hands, hand_count, min_seconds);
    for (long p = 0; p < ok; p++) {
        for (long i = 0; i < hostile_count; i++) worst(&compiled[p], i, &hostile[i], repeats);
    }
    say("done");
    return 0;
}
