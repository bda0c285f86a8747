#include "pattern.h"

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

std::string ErrorMessage(int code) {
  PCRE2_UCHAR buffer[256];
  int length = pcre2_get_error_message(code, buffer, sizeof buffer / sizeof *buffer);
  if (length < 0) return "unknown PCRE2 error " + std::to_string(code);
  return std::string(buffer, buffer + length);  // PCRE2's messages are ASCII
}

}  // namespace

std::unique_ptr<Pattern> Pattern::Compile(const uint32_t* source,
                                          size_t length, CompileError* error) {
  int code;
  PCRE2_SIZE offset;
  pcre2_code* compiled =
      pcre2_compile(source, length, kOptions, &code, &offset, nullptr);
  if (compiled == nullptr) {
    *error = {ErrorMessage(code), offset};
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
