// libFuzzer target for the pattern engine: Program::Parse and Program::ClassOf
// (native/program.h) and Dfa::Test (native/dfa.h). Built with
// AddressSanitizer and UndefinedBehaviorSanitizer by native/CMakeLists.txt;
// run by scripts/fuzz.sh. native/fuzz/pcre2-fuzzer.cc holds the PCRE2 path
// to the same reference.
//
// Each input is read two ways:
//   - as choices (FuzzedDataProvider) that build a well-formed program, with
//     astral ranges, surrogates and epsilon cycles, and a few UTF-16 subjects
//     with surrogate pairs and lone surrogates;
//   - as 32-bit words for Program::Parse, as is and as the built program's
//     encoding with a few words damaged. Parse must accept exactly the
//     well-formed encodings (reference.h decides) and read nothing past the
//     last word.
// Every program that parses has its code point classes checked against a
// plain binary search over its boundaries and against its sets, and is
// searched over every subject, read as code points as native/environment.cc
// reads them. The DFA must give the reference's answer, and a search's work
// must be a function of the program and the subject alone: equal on a cold
// and on a warm cache, and under a small allowance the answer or kWorkLimit,
// stopping within one transition of the allowance. A broken promise traps.
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
    const uint32_t room = n - 1 - pc;  // instructions before the last, which is no CHAR
    if (!source.sets.empty() && room >= 1 && in.ConsumeIntegralInRange(0, 3) == 0) {
      // A counted repeat as src/pattern/program.ts writes one: a run of CHAR
      // over one set, and X*'s loop after it, or X{0,m}'s optional copies
      // (Program::FindOptionalRuns), or nothing (Program::FindChains).
      const uint32_t set = in.ConsumeIntegralInRange<uint32_t>(0, static_cast<uint32_t>(source.sets.size() - 1));
      const bool loop = room >= 4 && in.ConsumeBool();
      const uint32_t run = in.ConsumeIntegralInRange<uint32_t>(1, std::min<uint32_t>(12, room - (loop ? 3 : 0)));
      for (uint32_t i = 0; i < run; i++) source.code.push_back({kChar, set, 0});
      pc += run;
      const uint32_t optional = loop || room < run + 4 ? 0 : in.ConsumeIntegralInRange<uint32_t>(0, (room - run) / 2 - 1);
      for (uint32_t i = 0; i < optional; i++) {
        source.code.push_back({kSplit, pc + 1, pc + 2 * (optional - i)});
        source.code.push_back({kChar, set, 0});
        pc += 2;
      }
      if (loop) {
        source.code.push_back({kSplit, pc + 1, pc + 3});
        source.code.push_back({kChar, set, 0});
        source.code.push_back({kJump, pc, 0});
        pc += 3;
      }
      pc--;  // the loop's increment
      continue;
    }
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

// As ToCodePoints in native/environment.cc reads a subject for the engines
// (the reference converts on its own, so the two ways are compared too).
std::vector<uint32_t> ToCodePoints(const std::u16string& units) {
  std::vector<uint32_t> out;
  for (size_t i = 0; i < units.size(); i++) {
    uint32_t c = units[i];
    if ((c & 0xFC00) == 0xD800 && i + 1 < units.size() && (units[i + 1] & 0xFC00) == 0xDC00) {
      c = 0x10000 + ((c - 0xD800) << 10) + (units[++i] - 0xDC00);
    }
    out.push_back(c);
  }
  return out;
}

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
  // A vector of exactly their number, so that AddressSanitizer catches a
  // read past the last code point.
  const std::vector<uint32_t> code_points = ToCodePoints(subject);
  Meter meter{offset + allowance, offset, validation};
  const Outcome outcome = dfa.Test(code_points.data(), code_points.size(), &scratch, &meter);
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

  // The most a search can spend past its allowance: one code point's
  // transitions (a closure over every instruction, then a new state's row
  // and a set of at most every instruction and a marker a counted run), and
  // with counted runs a unit for each and two edits of the state for each
  // (native/dfa.h). Reading the subject is the caller's to charge
  // (native/environment.cc), not Test's.
  const int64_t runs = static_cast<int64_t>(program.counted_runs().size());
  const int64_t width = program.class_count() + 2 * runs;
  const int64_t step = (1 + 2 * runs) * (2 * (static_cast<int64_t>(program.size()) + runs) + width) + 2 * runs;
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
// (the same subject again costs nothing but what its counted runs' threads
// do a code point, native/dfa.h), and the work depends no more on the cache
// than one search's does.
void CheckValidation(const Program& program, Dfa& dfa, const std::vector<std::u16string>& subjects) {
  const int64_t unlimited = int64_t{1} << 40;
  Dfa fresh(&program);
  const uint64_t warm = ++validations;
  const uint64_t cold = ++validations;
  int64_t warm_spent = 0;
  int64_t cold_spent = 0;
  int64_t first_spent = -1;
  for (const auto& subject : subjects) {
    const Run a = Search(dfa, subject, warm_spent, unlimited, warm);
    const Run b = Search(fresh, subject, cold_spent, unlimited, cold);
    Same(a, b, "a validation's work depends on the cache");
    if (first_spent < 0) first_spent = b.spent;
    warm_spent += a.spent;
    cold_spent += b.spent;
  }
  // Reading it again is the caller's to charge; the states are built, so
  // only the counted runs' threads cost again, never more than the first time.
  const Run again = Search(fresh, subjects[0], cold_spent, unlimited, cold);
  const Run twice = Search(fresh, subjects[0], cold_spent + again.spent, unlimited, cold);
  if (program.counted_runs().size() == 0 ? again.spent != 0 : again.spent > first_spent) {
    Broken("a search repeated within its validation was charged again");
  }
  Same(twice, again, "a search repeated within its validation ran differently");
}

// ClassOf answers through ASCII's table, a page's entry or table, the last
// class or a binary search (native/program.cc, BuildPages); it must give the
// class of the interval a plain binary search over boundaries() finds, for
// code points on both sides of every boundary and page edge, astral ones
// included, and each class must be what the sets and \b see in its code
// points.
void CheckClasses(const Program& program, const Source& source, FuzzedDataProvider& in) {
  const Array<uint32_t>& boundaries = program.boundaries();
  if (boundaries.size() < program.class_count() || boundaries[0] != 0) Broken("the intervals do not start at 0");
  std::vector<uint32_t> probes(std::begin(kLandmarks), std::end(kLandmarks));
  // Every boundary of a small program; a few of a large one.
  const size_t stride = boundaries.size() / 64 + 1;
  for (size_t i = 0; i < boundaries.size(); i += stride) {
    const uint32_t b = boundaries[i];
    for (const int64_t c : {int64_t{b} - 1, int64_t{b}, int64_t{b | 0xFF}, int64_t{b & ~0xFFu},
                            int64_t{b & ~0xFFu} - 1, int64_t{b | 0xFF} + 1}) {
      probes.push_back(Clamp(c));
    }
  }
  for (int count = in.ConsumeIntegralInRange(0, 16); count > 0; count--) {
    probes.push_back(in.ConsumeIntegralInRange<uint32_t>(0, kMaxCodePoint));
  }
  for (const uint32_t c : probes) {
    const uint32_t cls = program.ClassOf(c);
    const uint32_t searched = program.IntervalClass(static_cast<size_t>(
        std::upper_bound(boundaries.data(), boundaries.data() + boundaries.size(), c) - boundaries.data() - 1));
    if (cls != searched) {
      std::fprintf(stderr, "dfa-fuzzer: U+%04X: ClassOf %u, binary search %u\n", c, cls, searched);
      Broken("ClassOf and a binary search over the boundaries disagree");
    }
    for (size_t s = 0; s < source.sets.size(); s++) {
      if (program.SetHoldsClass(static_cast<uint32_t>(s), cls) != reference::InSet(source.sets[s], c)) {
        Broken("a set holds a code point's class but not the code point, or the other way");
      }
    }
    if (program.uses_word_assertions() && program.ClassIsWord(cls) != reference::IsWord(c)) {
      Broken("a class is a word class but its code point is no word character, or the other way");
    }
  }
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
    // The one refusal of a well-formed program: an interval-by-set table over
    // kMaxMembershipBytes (at most 2 intervals per range, and the word edges).
    size_t ranges = 0;
    for (const auto& set : source.sets) ranges += set.size();
    const size_t words_per_interval = (source.sets.size() + 1 + 63) / 64;
    if ((2 * ranges + 9) * words_per_interval * 8 <= kMaxMembershipBytes) {
      Broken("Parse refused a well-formed program");
    }
  }
  if (!valid && program) Broken("Parse accepted a malformed program");
  if (!program) return;
  CheckClasses(*program, source, in);
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
  // Runs of 3 and more counted too (native/program.h, kCountedRun), so that
  // programs this small reach the counted runs' search.
  const size_t counted_run = in.ConsumeBool() ? Program::kCountedRun : in.ConsumeIntegralInRange<size_t>(3, 8);
  std::unique_ptr<Program> program = Program::Parse(words.data(), words.size(), &error, counted_run);
  if (!program) {
    std::fprintf(stderr, "dfa-fuzzer: %s\n", error);
    Broken("Parse refused a well-formed program");
  }
  CheckClasses(*program, source, in);
  Dfa dfa(program.get());
  for (const auto& subject : subjects) CheckSearches(*program, dfa, source, subject, in);
  CheckValidation(*program, dfa, subjects);

  CheckParse(Damage(words, in), subjects, in);
  std::vector<uint32_t> raw(size / 4);
  if (!raw.empty()) std::memcpy(raw.data(), data, raw.size() * 4);
  CheckParse(raw, subjects, in);
  return 0;
}
