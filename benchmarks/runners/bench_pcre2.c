// Timing runner for PCRE2 called from C (libpcre2-8), used by benchmarks/bench.py.
// Built with: gcc -O2 -o bench_pcre2 bench_pcre2.c -lpcre2-8
//
// Usage: bench_pcre2 INPUT_FILE
// INPUT_FILE (ASCII lines): "mahjong-regex-bench 1", the minimum seconds per timing,
// flags (ignored), the pattern count P and P pairs of lines (label, hex UTF-8 pattern),
// the hand count H and H hex lines, the hostile-string count W and W hex lines, and the
// number of repeats per hostile string.
// Output lines: "compiled LABEL MS" or "error LABEL MESSAGE", "version V" (after the
// patterns are compiled: it says whether each one runs in the JIT), "result LABEL
// 0101..." (the warm-up pass), "rate LABEL PASSES SECONDS MATCHES", "worst LABEL I MS"
// (best of the repeats) or "worsterror LABEL I MESSAGE", then "done".
// Each pattern is compiled with pcre2_compile(PCRE2_UTF), then pcre2_jit_compile
// (PCRE2_JIT_COMPLETE) when the library has a JIT; each call is pcre2_jit_match (or
// pcre2_match where the JIT is not used) from offset 0 without PCRE2_ANCHORED -- search
// semantics -- into one match_data reused by every call, with the default match
// context (so the default 32 KiB JIT stack and the default match limits).
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
    int jit; // 1: pcre2_jit_match, 0: pcre2_match
} Compiled;

static char **lines;
static size_t line_count, at;
static pcre2_match_data *match_data;

static void fail(const char *message) {
    fprintf(stderr, "bench_pcre2: %s\n", message);
    exit(2);
}

static char *next_line(void) {
    if (at >= line_count) fail("input ends early");
    char *line = lines[at++];
    size_t n = strlen(line);
    if (n > 0 && line[n - 1] == '\r') line[n - 1] = '\0';
    return line;
}

static char *trim(char *s) {
    while (*s == ' ' || *s == '\t') s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t')) s[--n] = '\0';
    return s;
}

static long next_int(void) {
    char *end;
    char *s = trim(next_line());
    long n = strtol(s, &end, 10);
    if (end == s || *end != '\0' || n < 0) fail("bad count");
    return n;
}

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    fail("bad hex digit");
    return 0;
}

static Text decode(char *line) {
    char *s = trim(line);
    size_t n = strlen(s);
    if (n % 2) fail("odd hex length");
    Text t = {malloc(n / 2 + 1), n / 2};
    if (!t.data) fail("out of memory");
    for (size_t i = 0; i < t.len; i++) {
        t.data[i] = (char)(hex_digit(s[2 * i]) << 4 | hex_digit(s[2 * i + 1]));
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

// One search of the whole subject: > 0 (or 0: ovector too small) a match,
// PCRE2_ERROR_NOMATCH none, any other negative value an error.
static inline int search(const Compiled *p, const Text *s) {
    if (p->jit) {
        return pcre2_jit_match(p->code, (PCRE2_SPTR)s->data, s->len, 0, 0, match_data, NULL);
    }
    return pcre2_match(p->code, (PCRE2_SPTR)s->data, s->len, 0, 0, match_data, NULL);
}

int main(int argc, char **argv) {
    if (argc != 2) fail("usage: bench_pcre2 INPUT_FILE");
    FILE *f = fopen(argv[1], "rb");
    if (!f) fail("cannot open the input file");
    size_t cap = 1 << 20, size = 0;
    char *buffer = malloc(cap + 1);
    size_t got;
    while (buffer && (got = fread(buffer + size, 1, cap - size, f)) > 0) {
        size += got;
        if (size == cap) buffer = realloc(buffer, (cap *= 2) + 1);
    }
    if (!buffer) fail("out of memory");
    fclose(f);
    buffer[size] = '\0';
    for (size_t i = 0; i < size; i++) line_count += buffer[i] == '\n';
    lines = malloc((line_count + 1) * sizeof *lines);
    if (!lines) fail("out of memory");
    line_count = 0;
    for (char *p = buffer;;) {
        lines[line_count++] = p;
        char *nl = strchr(p, '\n');
        if (!nl) break;
        *nl = '\0';
        p = nl + 1;
    }

    if (strcmp(next_line(), "mahjong-regex-bench 1") != 0) fail("bad input header");
    double min_seconds = strtod(trim(next_line()), NULL);
    next_line(); // flags: none for PCRE2 (PCRE2_UTF is always set)
    long count = next_int();
    char **labels = malloc((count + 1) * sizeof *labels);
    Text *sources = malloc((count + 1) * sizeof *sources);
    for (long i = 0; i < count; i++) {
        labels[i] = trim(next_line());
        sources[i] = decode(next_line());
    }
    long hand_count = next_int();
    Text *hands = malloc((hand_count + 1) * sizeof *hands);
    for (long i = 0; i < hand_count; i++) hands[i] = decode(next_line());
    long hostile_count = next_int();
    Text *hostile = malloc((hostile_count + 1) * sizeof *hostile);
    for (long i = 0; i < hostile_count; i++) hostile[i] = decode(next_line());
    long repeats = next_int();
    if (!labels || !sources || !hands || !hostile) fail("out of memory");

    char version[64] = "";
    pcre2_config(PCRE2_CONFIG_VERSION, version);
    char *space = strchr(version, ' '); // "10.42 2022-12-11": keep the number
    if (space) *space = '\0';
    uint32_t have_jit = 0;
    pcre2_config(PCRE2_CONFIG_JIT, &have_jit);

    Compiled *compiled = malloc((count + 1) * sizeof *compiled);
    if (!compiled) fail("out of memory");
    long ok = 0;
    uint32_t max_captures = 0;
    char message[256];
    char no_jit[512] = ""; // labels compiled without the JIT, and why
    for (long i = 0; i < count; i++) {
        int code;
        PCRE2_SIZE offset;
        double t0 = now();
        pcre2_code *re = pcre2_compile((PCRE2_SPTR)sources[i].data, sources[i].len, PCRE2_UTF,
                                       &code, &offset, NULL);
        if (!re) {
            error_text(code, message, sizeof message);
            say("error %s does not compile: %s at offset %zu", labels[i], message,
                (size_t)offset);
            continue;
        }
        int jit = 0;
        if (have_jit) {
            code = pcre2_jit_compile(re, PCRE2_JIT_COMPLETE);
            if (code == 0) {
                jit = 1;
            } else {
                error_text(code, message, sizeof message);
                size_t n = strlen(no_jit);
                snprintf(no_jit + n, sizeof no_jit - n, "%s%s: %s", n ? "; " : "", labels[i],
                         message);
            }
        }
        say("compiled %s %.3f", labels[i], (now() - t0) * 1000);
        uint32_t captures = 0;
        pcre2_pattern_info(re, PCRE2_INFO_CAPTURECOUNT, &captures);
        if (captures > max_captures) max_captures = captures;
        compiled[ok++] = (Compiled){labels[i], re, jit};
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

    char *bits = malloc(hand_count + 1);
    if (!bits) fail("out of memory");
    for (long p = 0; p < ok; p++) {
        const Compiled *re = &compiled[p];
        int bad = 0;
        for (long i = 0; i < hand_count && !bad; i++) {
            int rc = search(re, &hands[i]);
            if (rc >= 0) {
                bits[i] = '1';
            } else if (rc == PCRE2_ERROR_NOMATCH) {
                bits[i] = '0';
            } else {
                error_text(rc, message, sizeof message);
                say("error %s %s (hand %ld)", re->label, message, i);
                bad = 1;
            }
        }
        if (bad) continue;
        bits[hand_count] = '\0';
        say("result %s %s", re->label, bits);
        long passes = 0, matches = 0;
        double t0 = now(), elapsed;
        do {
            for (long i = 0; i < hand_count; i++) {
                if (search(re, &hands[i]) >= 0) matches++;
            }
            passes++;
            elapsed = now() - t0;
        } while (elapsed < min_seconds);
        say("rate %s %ld %.6f %ld", re->label, passes, elapsed, matches);
    }
    for (long p = 0; p < ok; p++) {
        const Compiled *re = &compiled[p];
        for (long i = 0; i < hostile_count; i++) {
            double best = 1e300;
            int rc = 0;
            for (long r = 0; r < repeats; r++) {
                double t0 = now();
                rc = search(re, &hostile[i]);
                double took = now() - t0;
                if (rc < 0 && rc != PCRE2_ERROR_NOMATCH) break;
                if (took < best) best = took;
            }
            if (rc < 0 && rc != PCRE2_ERROR_NOMATCH) {
                error_text(rc, message, sizeof message);
                say("worsterror %s %ld %s", re->label, i, message);
            } else {
                say("worst %s %ld %.6f", re->label, i, best * 1000);
            }
        }
    }
    say("done");
    return 0;
}
