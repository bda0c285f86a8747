#include "pattern.h"

#include <algorithm>
#include <cstdlib>

namespace {

// No UTF mode: every 32-bit unit is one character, so lone surrogates are
// ordinary characters and invalid UTF cannot exist. Captures are never read.
// The NEVER_* options refuse (*UTF), (*UCP) and \C at the start of a source.
// NO_START_OPTIMIZE: PCRE2 10.42's JIT in 32-bit non-UTF mode skips real
// match positions after its start-of-match scan on some patterns with classes
// above U+00FF (found by the differential test: `(?:|[^\x{D800}-\x{DFFF}]...)
// [\x{0}-\x{1F}]*9` misses the "9" in "\x{1F601}\x{0}A- 9"); without the
// start optimizations its answers equal ECMAScript's.
constexpr uint32_t kOptions = PCRE2_NO_AUTO_CAPTURE | PCRE2_ALLOW_EMPTY_CLASS |
                              PCRE2_DOLLAR_ENDONLY | PCRE2_NEVER_UTF |
                              PCRE2_NEVER_UCP | PCRE2_NEVER_BACKSLASH_C |
                              PCRE2_NO_START_OPTIMIZE;

// A compiled pattern may take at most this much memory. The translator's
// expansion bound counts a class as one unit, so 50,000 copies of a group
// holding a 480-range class (a 1 KB pattern) would take 190 MB; the largest
// patterns it lets through otherwise (`(?:\s\S){33333}`) take about 10 MB.
constexpr PCRE2_SIZE kMaxCompiledBytes = 16 * 1024 * 1024;

// PCRE2 computes a compiled pattern's length first and allocates it in one
// block, so refusing large blocks bounds a compile before it writes anything.
// JIT compilation allocates its work space here too; refused, it falls back
// to the interpreter.
void* BoundedMalloc(PCRE2_SIZE size, void*) {
  return size > kMaxCompiledBytes ? nullptr : std::malloc(size);
}
void Free(void* block, void*) { std::free(block); }

// Shared by every thread: PCRE2 only reads a context while compiling.
pcre2_compile_context* BoundedContext() {
  static pcre2_compile_context* context = [] {
    pcre2_general_context* general =
        pcre2_general_context_create(BoundedMalloc, Free, nullptr);
    pcre2_compile_context* compile = pcre2_compile_context_create(general);
    pcre2_general_context_free(general);  // the compile context copied it
    return compile;
  }();
  return context;
}

std::string ErrorMessage(int code) {
  // Short of memory exhaustion, only BoundedMalloc makes a compile fail so.
  if (code == PCRE2_ERROR_HEAP_FAILED) {
    return "the compiled pattern would take more than 16 MiB";
  }
  PCRE2_UCHAR buffer[256];
  int length = pcre2_get_error_message(code, buffer, sizeof buffer / sizeof *buffer);
  if (length < 0) return "unknown PCRE2 error " + std::to_string(code);
  return std::string(buffer, buffer + length);  // PCRE2's messages are ASCII
}

}  // namespace

std::unique_ptr<Pattern> Pattern::Compile(const uint32_t* source,
                                          size_t length, CompileError* error) {
  pcre2_compile_context* context = BoundedContext();
  if (context == nullptr) {
    *error = {"PCRE2 could not allocate its compile context", 0};
    return nullptr;
  }
  int code;
  PCRE2_SIZE offset;
  pcre2_code* compiled =
      pcre2_compile(source, length, kOptions, &code, &offset, context);
  if (compiled == nullptr) {
    // PCRE2 10.42 reports an offset past the end for an unterminated start
    // option (`(*LIMIT_MATCH=9` gives 16 of 15; found by the fuzzer), and
    // Utf16Offset reads the source up to the offset.
    *error = {ErrorMessage(code), std::min<size_t>(offset, length)};
    return nullptr;
  }
  // pcre2_jit_compile also returns 0 for a (*NO_JIT) source without making
  // JIT code, so ask whether the code exists. Without it, pcre2_match
  // interprets the pattern under the same limits.
  size_t jit_size = 0;
  bool jit = pcre2_jit_compile(compiled, PCRE2_JIT_COMPLETE) == 0 &&
             pcre2_pattern_info(compiled, PCRE2_INFO_JITSIZE, &jit_size) == 0 &&
             jit_size > 0;
  return std::unique_ptr<Pattern>(new Pattern(compiled, jit));
}

Pattern::~Pattern() { pcre2_code_free(code_); }
