// libFuzzer target for the native pattern layer: the addon's own UTF-16 to
// code point conversion, Pattern::Compile and Matcher::Test (with its match,
// depth, heap and JIT stack limits), on arbitrary sources and subjects.
// Built with AddressSanitizer and UndefinedBehaviorSanitizer by
// native/CMakeLists.txt; run by scripts/fuzz.sh.
//
// An input is `source NUL subject`, each part read as generalized UTF-8 (see
// fuzz-input.h) so seeds stay readable while lone surrogates and NUL remain
// reachable. Besides memory errors, a crash here means one of the layer's
// promises broke: an error offset outside the source, an outcome other than
// match / no match / limit, or two runs of one match that disagree.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../code-points.h"
#include "../matcher.h"
#include "../pattern.h"
#include "fuzz-input.h"

namespace {

[[noreturn]] void Broken(const char* promise) {
  std::fprintf(stderr, "pattern-fuzzer: %s\n", promise);
  std::abort();
}

// Code points as the addon passes them to PCRE2: converted by ToCodePoints,
// with the zero padding StringReader keeps after every subject for the JIT's
// SIMD loads.
std::vector<uint32_t> CodePoints(const std::vector<char16_t>& utf16) {
  std::vector<uint32_t> out(utf16.size() + 16 / sizeof(uint32_t), 0);
  out.resize(ToCodePoints(utf16.data(), utf16.size(), out.data()));
  return out;  // shrinking keeps the capacity, so the padding stays
}

// Recursion and subroutine calls: `(?R)`, `(?1)`, `(?+1)`, `(?-1)`, `(?&n)`,
// `(?P>n)`, `\g<n>`, `\g'n'` (over-approximated: an escaped `\(?R` counts
// too). PCRE2's JIT sizes each call's frame by walking the whole pattern, so
// `(?R){16000}` takes seconds to compile. The translator never emits them
// (SPEC §6 refuses every `(?` group but `(?:`), so the fuzzer skips them
// instead of timing out on a path the package cannot reach.
bool CallsSubroutine(const std::vector<uint32_t>& source) {
  for (size_t i = 0; i + 2 < source.size(); i++) {
    uint32_t next = source[i + 1], after = source[i + 2];
    if (source[i] == '(' && next == '?' &&
        (after == 'R' || after == '&' || after == '+' || after == '-' ||
         (after >= '0' && after <= '9') ||
         (after == 'P' && i + 3 < source.size() && source[i + 3] == '>'))) {
      return true;
    }
    if (source[i] == '\\' && next == 'g' && (after == '<' || after == '\'')) {
      return true;
    }
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // One match state for the whole run, as one Node.js environment keeps one.
  static Matcher* matcher = Matcher::Create().release();
  if (matcher == nullptr) Broken("Matcher::Create failed");

  FuzzInput input = SplitInput(data, size);
  std::vector<uint32_t> source = CodePoints(input.source);
  std::vector<uint32_t> subject = CodePoints(input.subject);
  if (CallsSubroutine(source)) return -1;  // -1: never add it to the corpus

  CompileError error;
  std::unique_ptr<Pattern> pattern =
      Pattern::Compile(source.data(), source.size(), &error);
  if (!pattern) {
    if (error.offset > source.size()) Broken("error offset past the source");
    if (Utf16Offset(source.data(), error.offset) > input.source.size()) {
      Broken("UTF-16 error offset past the source");
    }
    if (error.message.empty()) Broken("compile error without a message");
    return 0;
  }

  Outcome first = matcher->Test(*pattern, subject.data(), subject.size());
  if (first != kMatch && first != kNoMatch && first != kLimit) {
    Broken("outcome outside match / no match / limit");
  }
  // Match data, JIT stack and context are reused between calls: a second run
  // must not see anything the first one left behind.
  if (matcher->Test(*pattern, subject.data(), subject.size()) != first) {
    Broken("the same match gave two answers");
  }
  return 0;
}
