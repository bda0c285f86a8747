// libFuzzer target for the native pattern layer: the addon's own UTF-16 to
// code point conversion, Pattern::Compile (with its 16 MiB bound) and
// Matcher::Test (JIT, with its match limit and JIT stack). Every source is
// compiled; sources the translator could write are also matched against the
// subject.
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
// compiling `(?R){16000}` takes seconds. The translator never emits them, so
// the fuzzer skips them instead of timing out where the package cannot go.
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

bool At(const std::vector<uint32_t>& source, size_t i, const char* text) {
  for (; *text != '\0'; i++, text++) {
    if (i >= source.size() || source[i] != static_cast<uint8_t>(*text)) return false;
  }
  return true;
}

// Whether the source stays within what src/pattern-translate.ts writes: the
// escapes `\x{H}` and `\z`, and the groups `(?:`, `(?=`, `(?!`, `(?<=`,
// `(?<!`, with no quantifier right after an assertion (ECMAScript's `u` flag
// refuses one; PCRE2's JIT gives up on `(?!!){1772,36221}`). Text inside a
// class is held to the same rules, which only makes the test stricter. Only
// such sources are matched. Others are compiled but not run: PCRE2's JIT
// leaves parts of its wider syntax outside the match limit (`(?*|){99}$`, a
// repeated non-atomic lookahead, runs for minutes on a one-character subject;
// found by this fuzzer), and the package never hands it those.
bool TranslatorCouldWrite(const std::vector<uint32_t>& source) {
  std::vector<bool> assertions;  // the open groups: is each an assertion?
  for (size_t i = 0; i < source.size(); i++) {
    if (source[i] == '\\') {
      if (!At(source, i, "\\x{") && !At(source, i, "\\z")) return false;
      i++;  // an escaped `(` or `)` is no group
      continue;
    }
    if (source[i] == '(') {
      bool group = !At(source, i, "(?") || At(source, i, "(?:");
      bool assertion = At(source, i, "(?=") || At(source, i, "(?!") ||
                       At(source, i, "(?<=") || At(source, i, "(?<!");
      if (At(source, i, "(*") || (!group && !assertion)) return false;
      assertions.push_back(assertion);
    }
    if (source[i] == ')' && !assertions.empty()) {
      bool assertion = assertions.back();
      assertions.pop_back();
      if (assertion && i + 1 < source.size() &&
          (source[i + 1] == '*' || source[i + 1] == '+' ||
           source[i + 1] == '?' || source[i + 1] == '{')) {
        return false;
      }
    }
  }
  return true;
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
  // PCRE2's interpreter runs only where the JIT is missing or gives up. It
  // takes seconds on some sources within the translator's bound
  // (`(?:a?){1,33000}x` on "" takes 1.8 s), which would swamp the timeout,
  // so the fuzzer matches with the JIT only.
  if (!TranslatorCouldWrite(source) || !pattern->jit()) return 0;

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
