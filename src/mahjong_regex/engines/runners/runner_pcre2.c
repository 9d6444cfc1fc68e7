// The runner for PCRE2 called from C (libpcre2-8), for the benchmarks: the Python binding's
// per-call overhead hides PCRE2's own speed.  Built by mahjong_regex.engines with
// gcc -O2 runner_pcre2.c -lpcre2-8 (Debian/Ubuntu package libpcre2-dev).
// It speaks the runner protocol of mahjong_regex.engines (version 2) on stdin and stdout.  The
// "version" line comes after the patterns are compiled: it says whether each one runs in the JIT.
//
// Each pattern is compiled with pcre2_compile(PCRE2_UTF), then pcre2_jit_compile
// (PCRE2_JIT_COMPLETE) when the library has a JIT; each call is pcre2_jit_match (pcre2_match
// where the JIT is not used) from offset 0 without PCRE2_ANCHORED -- search semantics -- into
// one match_data reused by every call, with the default match context (so the default 32 KiB
// JIT stack and the default match limits).
#define _POSIX_C_SOURCE 200809L
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
    char *label;
    pcre2_code *code;
    int jit;  // 1: pcre2_jit_match, 0: pcre2_match
} Compiled;

static pcre2_match_data *match_data;
static char *line_buffer;
static size_t line_capacity;

static void fail(const char *message) {
    fprintf(stderr, "runner_pcre2: %s\n", message);
    exit(2);
}

static void *allocate(size_t size) {
    void *p = malloc(size ? size : 1);
    if (!p) fail("out of memory");
    return p;
}

// The next line without its newline (valid until the next call), or NULL at the end.
static char *next_line(void) {
    ssize_t n = getline(&line_buffer, &line_capacity, stdin);
    if (n < 0) return NULL;
    while (n > 0 && (line_buffer[n - 1] == '\n' || line_buffer[n - 1] == '\r')) line_buffer[--n] = 0;
    return line_buffer;
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
static int compile(char *label, Text source, int have_jit, Compiled *out, char *no_jit,
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

// The verdicts, then (if seconds > 0) passes over all the strings until seconds have gone by.
static void match(const Compiled *re, const Text *texts, long count, double seconds) {
    char *bits = allocate(count + 1);
    for (long i = 0; i < count; i++) {
        int rc = search(re, &texts[i]);
        if (rc < 0 && rc != PCRE2_ERROR_NOMATCH) {
            char message[256];
            error_text(rc, message, sizeof message);
            say("failed %s %s (string %ld)", re->label, message, i);
            free(bits);
            return;
        }
        bits[i] = rc >= 0 ? '1' : '0';
    }
    bits[count] = '\0';
    say("result %s %s", re->label, bits);
    free(bits);
    if (seconds <= 0) return;
    long passes = 0, matches = 0;
    double t0 = now(), elapsed;
    do {
        for (long i = 0; i < count; i++) {
            if (search(re, &texts[i]) >= 0) matches++;
        }
        passes++;
        elapsed = now() - t0;
    } while (elapsed < seconds);
    say("rate %s %ld %.6f %ld", re->label, passes, elapsed, matches);
}

// The fastest of `repeats` calls on each string alone, or the error that stopped them.
static void worst(const Compiled *re, const Text *texts, long count, long repeats) {
    for (long index = 0; index < count; index++) {
        double best = 1e300;
        int rc = 0;
        for (long r = 0; r < repeats || r == 0; r++) {
            double t0 = now();
            rc = search(re, &texts[index]);
            double took = now() - t0;
            if (rc < 0 && rc != PCRE2_ERROR_NOMATCH) break;
            if (took < best) best = took;
        }
        if (rc < 0 && rc != PCRE2_ERROR_NOMATCH) {
            char message[256];
            error_text(rc, message, sizeof message);
            say("worsterror %s %ld %s", re->label, index, message);
        } else {
            say("worst %s %ld %.6f", re->label, index, best * 1000);
        }
    }
}

// Read the header's patterns and compile them; returns how many compiled.
static long compile_all(Compiled **out) {
    long size = 0, ok = 0;
    Compiled *compiled = NULL;
    uint32_t have_jit = 0, max_captures = 0;
    pcre2_config(PCRE2_CONFIG_JIT, &have_jit);
    char no_jit[512] = "";  // labels compiled without the JIT, and why
    for (char *line = next_line(); !line || strcmp(line, "go") != 0; line = next_line()) {
        if (!line || strncmp(line, "pattern ", 8) != 0) fail("bad header line");
        char *label = strtok(line + 8, " "), *hex = strtok(NULL, " ");
        if (!label) fail("a pattern without a label");
        if (ok == size && !(compiled = realloc(compiled, (size = 2 * size + 4) * sizeof *compiled)))
            fail("out of memory");
        Text source = decode(hex ? hex : "");
        if (compile(strdup(label), source, have_jit, &compiled[ok], no_jit, sizeof no_jit)) {
            uint32_t captures = 0;
            pcre2_pattern_info(compiled[ok++].code, PCRE2_INFO_CAPTURECOUNT, &captures);
            if (captures > max_captures) max_captures = captures;
        }
        free(source.data);
    }
    char version[64] = "";
    pcre2_config(PCRE2_CONFIG_VERSION, version);
    char *space = strchr(version, ' ');  // "10.42 2022-12-11": keep the number
    if (space) *space = '\0';
    if (!have_jit) {
        say("version PCRE2 %s (C, no JIT: the library has none)", version);
    } else if (no_jit[0]) {
        say("version PCRE2 %s (C, JIT; interpreter for %s)", version, no_jit);
    } else {
        say("version PCRE2 %s (C, JIT)", version);
    }
    say("end");
    match_data = pcre2_match_data_create(max_captures + 1, NULL);
    if (!match_data) fail("out of memory");
    *out = compiled;
    return ok;
}

int main(void) {
    char *line = next_line();
    if (!line || strcmp(line, "mahjong-regex-runner 2") != 0) fail("bad input header");
    line = next_line();  // flags: none for PCRE2 (PCRE2_UTF is always set)
    if (!line || strncmp(line, "flags", 5) != 0) fail("no flags line");
    Compiled *compiled;
    long ok = compile_all(&compiled);
    while ((line = next_line())) {
        char verb[32] = "";
        double arg = 0;
        long count = -1;
        int words = sscanf(line, "%31s %lf %ld", verb, &arg, &count);
        if (words == 2) count = (long)arg;  // a verb without an argument: "match N"
        if (words < 2 || count < 0) fail("bad command");
        Text *texts = allocate(count * sizeof *texts);
        for (long i = 0; i < count; i++) {
            char *hex = next_line();
            if (!hex) fail("input ends inside a command");
            texts[i] = decode(hex);
        }
        int known = !strcmp(verb, "match") || !strcmp(verb, "time") || !strcmp(verb, "worst");
        if (!known) say("unsupported %s", verb);
        for (long p = 0; known && p < ok; p++) {
            if (!strcmp(verb, "worst")) {
                worst(&compiled[p], texts, count, (long)arg);
            } else {
                match(&compiled[p], texts, count, strcmp(verb, "time") ? 0 : arg);
            }
        }
        say("end");
        for (long i = 0; i < count; i++) free(texts[i].data);
        free(texts);
    }
    return 0;
}
