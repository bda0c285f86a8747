// libFuzzer target for the pattern engine: Program::Parse (native/program.h)
// and Dfa::Test (native/dfa.h). Built with AddressSanitizer and
// UndefinedBehaviorSanitizer by native/CMakeLists.txt; run by scripts/fuzz.sh.
//
// Each input is read two ways:
//   - as choices (FuzzedDataProvider) that build a well-formed program, with
//     astral ranges, surrogates and epsilon cycles, and a few UTF-16 subjects
//     with surrogate pairs and lone surrogates;
//   - as 32-bit words for Program::Parse, as is and as the built program's
//     encoding with a few words damaged. Parse must accept exactly the
//     well-formed encodings (reference.h decides) and read nothing past the
//     last word.
// Every program that parses is searched over every subject. The DFA must give
// the reference's answer, and a search's work must be a function of the
// program and the subject alone: equal on a cold and on a warm cache, and
// under a small allowance the answer or kWorkLimit, stopping within one
// transition of the allowance. A broken promise traps.
//
// The seeds in corpus/ are programs that src/pattern/program.ts writes, as
// little-endian words, so that the parse path starts from valid encodings.

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "../dfa.h"
#include "../program.h"
#include "reference.h"

namespace {

using reference::Range;
using reference::Source;

[[noreturn]] void Broken(const char* promise) {
  std::fprintf(stderr, "dfa-fuzzer: %s\n", promise);
  __builtin_trap();
}

// Where sets and assertions change: the word characters' edges, the
// surrogates, the planes' ends.
constexpr uint32_t kLandmarks[] = {
    0,      0x2F,   0x30,   0x39,   0x3A,   0x40,   0x41,    0x5A,    0x5F,
    0x60,   0x61,   0x7A,   0x7B,   0x7F,   0x80,   0xFF,    0xD7FF,  0xD800,
    0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF};

uint32_t Clamp(int64_t c) {
  return static_cast<uint32_t>(std::min<int64_t>(std::max<int64_t>(c, 0), kMaxCodePoint));
}

uint32_t PickPoint(FuzzedDataProvider& in) {
  return Clamp(int64_t{in.PickValueInArray(kLandmarks)} + in.ConsumeIntegralInRange(-2, 2));
}

// Ascending, disjoint (possibly adjacent) ranges.
std::vector<Range> MakeSet(FuzzedDataProvider& in) {
  std::vector<Range> set;
  uint32_t floor = 0;
  for (int count = in.ConsumeIntegralInRange(0, 5); count > 0; count--) {
    const uint32_t from = std::max(floor, PickPoint(in));
    const uint32_t to = in.ConsumeBool() ? std::max(from, PickPoint(in))
                                         : Clamp(int64_t{from} + in.ConsumeIntegralInRange(0, 3));
    set.push_back({from, to});
    if (to == kMaxCodePoint) break;
    floor = to + 1;
  }
  return set;
}

// Any op with any valid target, so jumps go backwards too and cycles that
// consume nothing appear.
Source MakeProgram(FuzzedDataProvider& in) {
  Source source;
  for (int count = in.ConsumeIntegralInRange(0, 6); count > 0; count--) {
    source.sets.push_back(MakeSet(in));
  }
  const uint32_t n = in.ConsumeIntegralInRange<uint32_t>(1, 40);
  auto target = [&] { return in.ConsumeIntegralInRange<uint32_t>(0, n - 1); };
  // Weighted toward kChar, so that programs consume more than they accept.
  constexpr uint32_t kOps[] = {kChar, kChar, kChar, kSplit, kSplit, kJump, kAssert, kAccept};
  for (uint32_t pc = 0; pc < n; pc++) {
    Instruction inst{in.PickValueInArray(kOps), 0, 0};
    const bool last = pc + 1 == n;
    if ((inst.op == kChar && (source.sets.empty() || last)) || (inst.op == kAssert && last)) {
      inst.op = kAccept;
    }
    switch (inst.op) {
      case kChar:
        inst.x = in.ConsumeIntegralInRange<uint32_t>(0, static_cast<uint32_t>(source.sets.size() - 1));
        break;
      case kSplit:
        inst.x = target();
        inst.y = target();
        break;
      case kJump:
        inst.x = target();
        break;
      case kAssert:
        inst.x = in.ConsumeIntegralInRange<uint32_t>(kStartOfInput, kNotWordBoundary);
        break;
    }
    source.code.push_back(inst);
  }
  return source;
}

// A few code points near the landmarks and the program's range ends, so
// that repeats and set edges both come up.
std::u16string MakeSubject(FuzzedDataProvider& in, const Source& source) {
  std::vector<uint32_t> alphabet;
  for (int count = in.ConsumeIntegralInRange(1, 4); count > 0; count--) {
    uint32_t c = PickPoint(in);
    if (in.ConsumeBool()) {
      for (const auto& set : source.sets) {
        for (const Range& range : set) {
          if (in.ConsumeBool()) c = Clamp(int64_t{in.ConsumeBool() ? range.from : range.to} +
                                          in.ConsumeIntegralInRange(-1, 1));
        }
      }
    }
    alphabet.push_back(c);
  }
  std::u16string subject;
  for (int length = in.ConsumeIntegralInRange(0, 40); length > 0; length--) {
    const uint32_t c = alphabet[in.ConsumeIntegralInRange<size_t>(0, alphabet.size() - 1)];
    if (c >= 0x10000) {
      subject.push_back(static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10)));
      subject.push_back(static_cast<char16_t>(0xDC00 + ((c - 0x10000) & 0x3FF)));
    } else {
      subject.push_back(static_cast<char16_t>(c));  // a surrogate stays a lone one
    }
  }
  return subject;
}

// One environment's buffers, shared by every program as in the addon.
Scratch scratch;

struct Run {
  Outcome outcome;
  int64_t spent;
};

// Validations are numbered as the addon numbers them; each is new unless given.
uint64_t validations = 0;

// A search that starts with `offset` already spent by earlier searches of the
// same validation, as in the addon.
Run Search(Dfa& dfa, const std::u16string& subject, int64_t offset, int64_t allowance,
           uint64_t validation = ++validations) {
  // Copied without std::u16string's terminator, so that AddressSanitizer
  // catches a read past the last unit.
  const std::vector<char16_t> units(subject.begin(), subject.end());
  Meter meter{offset + allowance, offset, validation};
  const Outcome outcome = dfa.Test(units.data(), units.size(), &scratch, &meter);
  scratch.Trim();
  return {outcome, meter.spent - offset};
}

void Same(const Run& a, const Run& b, const char* promise) {
  if (a.outcome != b.outcome || a.spent != b.spent) Broken(promise);
}

void CheckSearches(const Program& program, Dfa& dfa, const Source& source,
                   const std::u16string& subject, FuzzedDataProvider& in) {
  const Outcome answer = reference::Test(source, subject) ? kMatch : kNoMatch;
  const int64_t offset = in.ConsumeIntegralInRange<int64_t>(0, int64_t{1} << 22);
  const int64_t unlimited = int64_t{1} << 40;

  // `dfa` holds whatever earlier subjects left in it.
  const Run full = Search(dfa, subject, offset, unlimited);
  if (full.outcome != answer) Broken("the DFA and the reference disagree");
  Dfa fresh(&program);
  Same(Search(fresh, subject, offset, unlimited), full, "a search's work depends on the cache");

  // The most a search can spend past its allowance: one transition (a closure
  // over every instruction, then a new state's row and a set of at most
  // every instruction), and the reading of the subject, charged at the end.
  const int64_t step = 2 * static_cast<int64_t>(program.size()) + program.class_count() +
                       static_cast<int64_t>(subject.size()) / kReadsPerUnit;
  // Exactly the work the search needs, one less, or anything up to one
  // transition more.
  const int64_t allowances[] = {full.spent, std::max<int64_t>(full.spent - 1, 0),
                                in.ConsumeIntegralInRange<int64_t>(0, full.spent + step)};
  const int64_t allowance = in.PickValueInArray(allowances);
  fresh.Clear();
  if (fresh.bytes() != 0) Broken("Clear kept memory");  // the addon's bounds rely on it
  const Run limited = Search(fresh, subject, offset, allowance);
  if (allowance >= full.spent) {
    Same(limited, full, "a search within its allowance ran differently");
  } else if (limited.outcome != kWorkLimit) {
    Broken("a search that needs more than its allowance did not stop");
  } else if (limited.spent <= allowance || limited.spent > allowance + step) {
    Broken("a stopped search spent more than one transition past its allowance");
  }
  // The cold run above left part of the states; `dfa` has them all.
  Same(Search(dfa, subject, offset, allowance), limited, "the work limit depends on the cache");
  Same(Search(fresh, subject, offset, allowance), limited, "the work limit depends on the cache");
  Same(Search(fresh, subject, offset, unlimited), full, "a search's work depends on the cache");
  if (in.ConsumeBool()) dfa.Clear();
}

// Several searches of one validation: what one built is free for the next
// (the same subject again costs nothing), and the work depends no more on
// the cache than one search's does.
void CheckValidation(const Program& program, Dfa& dfa, const std::vector<std::u16string>& subjects) {
  const int64_t unlimited = int64_t{1} << 40;
  Dfa fresh(&program);
  const uint64_t warm = ++validations;
  const uint64_t cold = ++validations;
  int64_t warm_spent = 0;
  int64_t cold_spent = 0;
  for (const auto& subject : subjects) {
    const Run a = Search(dfa, subject, warm_spent, unlimited, warm);
    const Run b = Search(fresh, subject, cold_spent, unlimited, cold);
    Same(a, b, "a validation's work depends on the cache");
    warm_spent += a.spent;
    cold_spent += b.spent;
  }
  // Only reading it again is charged.
  if (Search(fresh, subjects[0], cold_spent, unlimited, cold).spent >
      static_cast<int64_t>(subjects[0].size()) / kReadsPerUnit) {
    Broken("a search repeated within its validation was charged again");
  }
}

// The complete automaton, when it has at most 256 states, searched as
// src/pattern/table.ts searches its tables: rows of next states by class,
// the two sinks first, acceptance at the end. Building it costs a function
// of the program alone: an allowance of exactly that cost builds it, one
// unit less does not.
void CheckComplete(const Program& program, const Source& source, const std::vector<std::u16string>& subjects) {
  Dfa complete(&program);
  Meter meter{int64_t{1} << 40, 0, 0};
  if (!complete.Complete(256, &scratch, &meter)) return;
  Dfa exact(&program);
  Meter enough{meter.spent, 0, 0};
  if (!exact.Complete(256, &scratch, &enough) || enough.spent != meter.spent) {
    Broken("the complete automaton's cost depends on more than the program");
  }
  Dfa short_of(&program);
  Meter too_little{meter.spent - 1, 0, 0};
  if (short_of.Complete(256, &scratch, &too_little)) Broken("the complete automaton was built past its allowance");
  for (const auto& subject : subjects) {
    uint32_t state = 2;
    for (size_t i = 0; i < subject.size() && state >= 2;) {
      uint32_t c = subject[i++];
      if ((c & 0xFC00) == 0xD800 && i < subject.size() && (subject[i] & 0xFC00) == 0xDC00) {
        c = 0x10000 + ((c - 0xD800) << 10) + (subject[i++] - 0xDC00);
      }
      state = complete.Next(state, program.ClassOf(c));
    }
    const bool found = state == 1 || (state >= 2 && complete.AcceptsAtEnd(state));
    if (found != reference::Test(source, subject)) Broken("the complete automaton and the reference disagree");
  }
  scratch.Trim();
}

// Parse must accept exactly what reference::Decode accepts; a program that
// parses is searched like the built ones. `words` is a buffer of exactly
// their size, so that AddressSanitizer catches a read past the last one.
void CheckParse(const std::vector<uint32_t>& words, const std::vector<std::u16string>& subjects,
                FuzzedDataProvider& in) {
  Source source;
  const bool valid = reference::Decode(words, &source);
  const char* error = nullptr;
  std::unique_ptr<Program> program = Program::Parse(words.data(), words.size(), &error);
  if (!program && error == nullptr) Broken("Parse refused a program without saying why");
  if (valid && !program) {
    // The one refusal of a well-formed program: a set-by-class table over
    // kMaxMembershipBytes (at most 2 classes per range, and the word edges).
    size_t ranges = 0;
    for (const auto& set : source.sets) ranges += set.size();
    const size_t words_per_set = (2 * ranges + 9 + 63) / 64;
    if (source.sets.size() * words_per_set * 8 <= kMaxMembershipBytes) {
      Broken("Parse refused a well-formed program");
    }
  }
  if (!valid && program) Broken("Parse accepted a malformed program");
  if (!program) return;
  Dfa dfa(program.get());
  for (const auto& subject : subjects) CheckSearches(*program, dfa, source, subject, in);
  CheckValidation(*program, dfa, subjects);
}

// A well-formed encoding with a few words changed, dropped or added: inputs
// at the edges of the rules, which arbitrary words seldom reach.
std::vector<uint32_t> Damage(std::vector<uint32_t> words, FuzzedDataProvider& in) {
  for (int count = in.ConsumeIntegralInRange(1, 3); count > 0; count--) {
    const size_t at = in.ConsumeIntegralInRange<size_t>(0, words.size() - 1);
    const uint32_t other = words[in.ConsumeIntegralInRange<size_t>(0, words.size() - 1)];
    const uint32_t values[] = {words[at] - 1, words[at] + 1, other, 0, 4, kMaxCodePoint + 1, UINT32_MAX};
    switch (in.ConsumeIntegralInRange(0, 2)) {
      case 0:
        words[at] = in.PickValueInArray(values);
        break;
      case 1:
        if (words.size() > 1) words.erase(words.begin() + at);
        break;
      default:
        words.insert(words.begin() + at, in.PickValueInArray(values));
    }
  }
  return std::vector<uint32_t>(words.begin(), words.end());  // exactly their size
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const Source source = MakeProgram(in);
  std::vector<std::u16string> subjects;
  for (int count = in.ConsumeIntegralInRange(1, 3); count > 0; count--) {
    subjects.push_back(MakeSubject(in, source));
  }

  const std::vector<uint32_t> words = reference::Encode(source);
  const char* error = nullptr;
  std::unique_ptr<Program> program = Program::Parse(words.data(), words.size(), &error);
  if (!program) {
    std::fprintf(stderr, "dfa-fuzzer: %s\n", error);
    Broken("Parse refused a well-formed program");
  }
  Dfa dfa(program.get());
  for (const auto& subject : subjects) CheckSearches(*program, dfa, source, subject, in);
  CheckValidation(*program, dfa, subjects);
  CheckComplete(*program, source, subjects);

  CheckParse(Damage(words, in), subjects, in);
  std::vector<uint32_t> raw(size / 4);
  if (!raw.empty()) std::memcpy(raw.data(), data, raw.size() * 4);
  CheckParse(raw, subjects, in);
  return 0;
}
