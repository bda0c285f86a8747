// libFuzzer target for the PCRE2 path: the proof of linearity
// (native/proof.h), the PCRE2 source as src/pattern/pcre2-source.ts writes
// it, and Pcre2Code / Pcre2Matcher (native/pcre2-pattern.h) under the limits
// the addon sets. Built with AddressSanitizer and UndefinedBehaviorSanitizer
// by native/CMakeLists.txt, PCRE2 too (built from deps/pcre2 as the addon
// builds it; the code its JIT writes is not instrumented); run by
// scripts/fuzz.sh.
//
// Each input is read as choices (FuzzedDataProvider) that build a syntax
// tree of the shapes src/pattern/syntax.ts produces: sets of code point
// ranges (astral ones, surrogates, the empty set, the escapes' and `.`'s
// sets), sequences, alternations, repeats {min,max} with and without a max,
// and ^ $ \b \B, a quarter of them ^...$ as catalog patterns are; and a few
// subjects of code points (lone surrogates and astral ones included): random
// ones, a block repeated into thousands, and strings sampled from the
// pattern, some with loops run thousands of times, so that PCRE2's limits,
// not their floors, decide. The tree is written both ways the addon receives
// it (pattern-tree.h), parsed, proven, and compiled by PCRE2 twice: as the
// addon compiles it (JIT), and with (*NO_JIT) in front, which is what runs
// where JIT is unavailable. Then:
//   - PCRE2 must compile the source, into a form about as large as the
//     program (what the proof counts);
//   - the DFA (unlimited) gives the reference's answer (reference.h; short
//     subjects only, since it is quadratic);
//   - each PCRE2 search (Pcre2Matcher::Match with the proof's steps when it
//     proved the pattern linear, else kMaxSteps) gives the DFA's answer, or
//     kWorkLimit, which only an unproven pattern may give: on a proven one,
//     a limit that trips is a flaw in the proof (or in the limits derived
//     from it). Unproven patterns are searched by PCRE2 on short subjects
//     only (see the loop below).
// A broken promise traps, printing the pattern, the proof, the subject and
// every answer.
//
// The seeds in corpus-pcre2/ are inputs whose trees are what their names
// say (a slug, a loop over alternatives, copies of an empty group, ...),
// as this file's choices read them: changing the choices remaps them, and
// their names should then be checked with PCRE2_FUZZ_PRINT.
//
// Knobs for exploring, off by default (and in CI):
//   PCRE2_FUZZ_START_OPTIMIZE=1  also compiles without PCRE2_NO_START_OPTIMIZE
//                                (JIT and interpreter) and traps when that
//                                answers differently: whether the option is
//                                still needed.
//   PCRE2_FUZZ_RATIO=r           on proven patterns, finds the least match
//                                limit each PCRE2 search needs and traps past
//                                r × steps × (n + 1) + 64: how close the
//                                proof comes to its factor of 4, on subjects
//                                too short for the limit's floor to let trip.
//   PCRE2_FUZZ_MEMORY=1          on proven patterns and subjects of at least
//                                1,000 code points, finds the least heap
//                                (interpreter) and JIT stack each search needs
//                                and traps past what Match allows a position
//                                (256 and 64 bytes), the 1 MiB floors aside:
//                                what would trip on a longer subject alike.
//   PCRE2_FUZZ_NS=t              on proven patterns and subjects of at least
//                                1,000 code points, times each PCRE2 search
//                                (the faster of two) and traps past t ns a
//                                proven step: work that PCRE2's limits do not
//                                count and the proof does not see (a fault of
//                                the machine's load too, so only for exploring).
//   PCRE2_FUZZ_PRINT=1           prints each input's pattern and proof, each
//                                call with its subject before it is made, and on
//                                stdout a line of JSON: the tree as syntax.ts
//                                writes it, the program words and the PCRE2
//                                source, for checking pattern-tree.h against
//                                the TypeScript writers.

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "../dfa.h"
#include "../pcre2-pattern.h"
#include "../program.h"
#include "../proof.h"
#include "pattern-tree.h"
#include "reference.h"

namespace {

using reference::Range;
using tree::Node;

// Where sets, assertions and PCRE2's own paths change: the word characters'
// edges, the line terminators (.), Latin-1's end (PCRE2 keeps code points
// below 256 in a bitmap and compares the rest range by range), the
// surrogates, the planes' ends.
constexpr uint32_t kLandmarks[] = {
    0,      0x09,   0x0A,   0x0D,   0x20,   0x2D,   0x2F,    0x30,    0x39,     0x3A,   0x40,
    0x41,   0x5A,   0x5F,   0x60,   0x61,   0x7A,   0x7B,    0x7F,    0x80,     0xFF,   0x100,
    0x2028, 0x2029, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF,  0xE000,  0xFFFF,   0x10000, 0x1F600,
    0x10FFFF};

uint32_t Clamp(int64_t c) {
  return static_cast<uint32_t>(std::min<int64_t>(std::max<int64_t>(c, 0), kMaxCodePoint));
}

uint32_t PickPoint(FuzzedDataProvider& in) {
  return Clamp(int64_t{in.PickValueInArray(kLandmarks)} + in.ConsumeIntegralInRange(-2, 2));
}

// sets.ts's union: sorted, overlapping and adjacent ranges merged.
std::vector<Range> Union(std::vector<Range> ranges) {
  std::sort(ranges.begin(), ranges.end(), [](const Range& a, const Range& b) { return a.from < b.from; });
  std::vector<Range> out;
  for (const Range& range : ranges) {
    if (!out.empty() && range.from <= out.back().to + uint64_t{1}) {
      out.back().to = std::max(out.back().to, range.to);
    } else {
      out.push_back(range);
    }
  }
  return out;
}

// sets.ts's complement, of a normalized set.
std::vector<Range> Complement(const std::vector<Range>& ranges) {
  std::vector<Range> out;
  uint32_t next = 0;
  bool done = false;
  for (const Range& range : ranges) {
    if (range.from > next) out.push_back({next, range.from - 1});
    if (range.to == kMaxCodePoint) done = true;
    next = range.to + 1;
  }
  if (!done) out.push_back({next, kMaxCodePoint});
  return out;
}

const std::vector<Range> kDigits{{0x30, 0x39}};
const std::vector<Range> kWord{{0x30, 0x39}, {0x41, 0x5A}, {0x5F, 0x5F}, {0x61, 0x7A}};
const std::vector<Range> kSpace{{0x09, 0x0D},     {0x20, 0x20},     {0xA0, 0xA0},     {0x1680, 0x1680},
                                {0x2000, 0x200A}, {0x2028, 0x2029}, {0x202F, 0x202F}, {0x205F, 0x205F},
                                {0x3000, 0x3000}, {0xFEFF, 0xFEFF}};
const std::vector<Range> kDot = Complement({{0x0A, 0x0A}, {0x0D, 0x0D}, {0x2028, 0x2029}});
const std::vector<Range> kAstral{{0x10000, kMaxCodePoint}};

Node SetNode(std::vector<Range> ranges) {
  Node node;
  node.kind = tree::kSet;
  node.ranges = std::move(ranges);
  return node;
}

Node MakeSet(FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange(0, 11)) {
    case 0:
      return SetNode({});  // [] or [^\s\S]: matches nothing
    case 1:
    case 2: {
      const uint32_t c = PickPoint(in);
      return SetNode({{c, c}});
    }
    case 10:
    case 11: {
      // Letters, as most patterns spell their words: alternatives that
      // start apart, which the proof can prove and loops can nest.
      const uint32_t c = 'a' + in.ConsumeIntegralInRange<uint32_t>(0, 7);
      return SetNode({{c, c}});
    }
    case 3: {
      // The escapes and `.`, as sets.ts defines them.
      const std::vector<Range>* named[] = {&kDigits, &kWord, &kSpace, &kDot, &kAstral};
      const std::vector<Range>& set = *in.PickValueInArray(named);
      return SetNode(in.ConsumeBool() ? Complement(set) : set);
    }
    default: {
      // A class: a few ranges between landmarks, or up to 20 (PCRE2
      // compares those above U+00FF one by one), perhaps negated.
      std::vector<Range> ranges;
      const int count = in.ConsumeBool() ? in.ConsumeIntegralInRange(1, 4) : in.ConsumeIntegralInRange(5, 20);
      for (int i = 0; i < count; i++) {
        const uint32_t from = PickPoint(in);
        const uint32_t to = in.ConsumeBool() ? from : Clamp(int64_t{from} + in.ConsumeIntegralInRange(0, 300));
        ranges.push_back({from, to});
      }
      ranges = Union(ranges);
      return SetNode(in.ConsumeBool() ? Complement(ranges) : ranges);
    }
  }
}

Node AssertionNode(uint32_t assertion) {
  Node node;
  node.kind = tree::kAssertionNode;
  node.assertion = assertion;
  return node;
}

Node Empty() { return Node{}; }  // `(?:)`, `a{0}`: the empty sequence

constexpr int kMaxDepth = 5;

Node MakeNode(FuzzedDataProvider& in, int depth);

// alternative() in syntax.ts: a group's sequence is spliced into the one
// around it, and a sequence of one item is that item.
Node MakeSequence(FuzzedDataProvider& in, int depth) {
  Node node;
  node.kind = tree::kSequence;
  for (int count = in.ConsumeIntegralInRange(0, 5); count > 0; count--) {
    Node item = MakeNode(in, depth + 1);
    if (item.kind == tree::kSequence) {
      for (Node& inner : item.items) node.items.push_back(std::move(inner));
    } else {
      node.items.push_back(std::move(item));
    }
  }
  if (node.items.size() == 1) return std::move(node.items[0]);
  return node;
}

// quantified() in syntax.ts: {0} and {0,0} are the empty sequence, {1} and
// {1,1} the item itself; laziness is dropped.
Node MakeRepeat(FuzzedDataProvider& in, int depth) {
  Node item = MakeNode(in, depth + 1);
  uint32_t min, max;
  switch (in.ConsumeIntegralInRange(0, 7)) {
    case 0:
      min = 0, max = 1;
      break;
    case 1:
      min = 0, max = tree::kUnbounded;
      break;
    case 2:
      min = 1, max = tree::kUnbounded;
      break;
    case 3:
      min = max = in.ConsumeIntegralInRange<uint32_t>(0, 5);
      break;
    case 4:
      min = in.ConsumeIntegralInRange<uint32_t>(0, 5);
      max = tree::kUnbounded;
      break;
    case 5:
      // Counts as dates and identifiers use them, and larger.
      min = in.ConsumeIntegralInRange<uint32_t>(0, 40);
      max = in.ConsumeBool() ? min : min + in.ConsumeIntegralInRange<uint32_t>(0, 64);
      break;
    default:
      min = in.ConsumeIntegralInRange<uint32_t>(0, 3);
      max = min + in.ConsumeIntegralInRange<uint32_t>(0, 4);
  }
  if (max == 0) return Empty();
  if (min == 1 && max == 1) return item;
  Node node;
  node.kind = tree::kRepeat;
  node.min = min;
  node.max = max;
  node.items.push_back(std::move(item));
  return node;
}

Node MakeNode(FuzzedDataProvider& in, int depth) {
  const int choice = depth >= kMaxDepth ? in.ConsumeIntegralInRange(0, 4) : in.ConsumeIntegralInRange(0, 11);
  if (choice <= 3) return MakeSet(in);
  if (choice == 4) return AssertionNode(in.ConsumeIntegralInRange<uint32_t>(kStartOfInput, kNotWordBoundary));
  if (choice <= 6) return MakeSequence(in, depth);
  if (choice <= 8) {
    // disjunction(): two or more alternatives, each any node (the empty one too).
    Node node;
    node.kind = tree::kAlternation;
    for (int count = in.ConsumeIntegralInRange(2, 4); count > 0; count--) node.items.push_back(MakeNode(in, depth + 1));
    return node;
  }
  return MakeRepeat(in, depth);
}

bool UsesNotBoundary(const Node& node) {
  if (node.kind == tree::kAssertionNode) return node.assertion == kNotWordBoundary;
  for (const Node& item : node.items) {
    if (UsesNotBoundary(item)) return true;
  }
  return false;
}

// emptyInsidePair in syntax.ts.
bool EmptyInsidePair(const Node& node) {
  switch (node.kind) {
    case tree::kSet:
      return false;
    case tree::kAssertionNode:
      return node.assertion == kNotWordBoundary;
    case tree::kSequence:
      return std::all_of(node.items.begin(), node.items.end(), EmptyInsidePair);
    case tree::kAlternation:
      return std::any_of(node.items.begin(), node.items.end(), EmptyInsidePair);
    case tree::kRepeat:
      return node.min == 0 || EmptyInsidePair(node.items[0]);
  }
  return false;
}

// Most catalog patterns are ^...$ around a few terms; a quarter of the trees
// are, so that whole-subject loops (and the stack they need) come up often.
// Parser.run: V8's match between a surrogate pair's halves, as the tree says it.
Node MakePattern(FuzzedDataProvider& in) {
  Node root;
  if (in.ConsumeIntegralInRange(0, 3) == 0) {
    root.kind = tree::kSequence;
    if (in.ConsumeIntegralInRange(0, 3) != 0) root.items.push_back(AssertionNode(kStartOfInput));
    for (int count = in.ConsumeIntegralInRange(1, 3); count > 0; count--) {
      Node item = MakeNode(in, 1);
      if (item.kind == tree::kSequence) {
        for (Node& inner : item.items) root.items.push_back(std::move(inner));
      } else {
        root.items.push_back(std::move(item));
      }
    }
    if (in.ConsumeIntegralInRange(0, 3) != 0) root.items.push_back(AssertionNode(kEndOfInput));
    if (root.items.size() == 1) {
      Node only = std::move(root.items[0]);  // moved out first: assigning it would free it mid-move
      root = std::move(only);
    }
  } else {
    root = MakeNode(in, 0);
  }
  if (UsesNotBoundary(root) && EmptyInsidePair(root)) {
    Node alternation;
    alternation.kind = tree::kAlternation;
    alternation.items.push_back(std::move(root));
    alternation.items.push_back(SetNode(kAstral));
    return alternation;
  }
  return root;
}

void CollectRanges(const Node& node, std::vector<Range>* out) {
  out->insert(out->end(), node.ranges.begin(), node.ranges.end());
  for (const Node& item : node.items) CollectRanges(item, out);
}

// The tree as syntax.ts's Node, in JSON (a missing max is null).
std::string Json(const Node& node) {
  switch (node.kind) {
    case tree::kSet: {
      std::string text = "{\"kind\":\"set\",\"ranges\":[";
      for (size_t i = 0; i < node.ranges.size(); i++) {
        text += (i ? ",[" : "[") + std::to_string(node.ranges[i].from) + "," + std::to_string(node.ranges[i].to) + "]";
      }
      return text + "]}";
    }
    case tree::kAssertionNode:
      return "{\"kind\":\"assertion\",\"assertion\":" + std::to_string(node.assertion) + "}";
    case tree::kRepeat:
      return "{\"kind\":\"repeat\",\"item\":" + Json(node.items[0]) + ",\"min\":" + std::to_string(node.min) +
             ",\"max\":" + (node.max == tree::kUnbounded ? std::string("null") : std::to_string(node.max)) + "}";
    default: {
      std::string text = node.kind == tree::kSequence ? "{\"kind\":\"sequence\",\"items\":["
                                                      : "{\"kind\":\"alternation\",\"items\":[";
      for (size_t i = 0; i < node.items.size(); i++) text += (i ? "," : "") + Json(node.items[i]);
      return text + "]}";
    }
  }
}

struct Subject {
  std::vector<uint32_t> code_points;
  std::string description;  // how it was built, for a trap's message
};

std::string Hex(const std::vector<uint32_t>& code_points) {
  std::string text;
  for (const uint32_t c : code_points) {
    char unit[16];
    std::snprintf(unit, sizeof unit, "%s%X", text.empty() ? "" : " ", c);
    text += unit;
  }
  return text;
}

// A small deterministic generator for the choices of a sampled subject: a
// subject of thousands of code points would use up the fuzz input.
struct Random {
  uint64_t state;
  uint32_t Below(uint64_t n) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return static_cast<uint32_t>(state % n);
  }
};

// A string the tree matches if its assertions hold (they are not looked
// at): one alternative of each alternation, min to max copies of a repeat
// (min to min + loop without a max), a code point of each set (an end of a
// range as often as not). Matching subjects reach deep into a pattern,
// where random ones seldom get past its first set. `visits` bounds the walk:
// copies of an item that writes nothing add no code points.
void Sample(const Node& node, Random& random, uint32_t loop, size_t limit, std::vector<uint32_t>* out,
            size_t* visits) {
  if (out->size() >= limit || *visits == 0) return;
  --*visits;
  switch (node.kind) {
    case tree::kSet: {
      if (node.ranges.empty()) return;
      const Range& range = node.ranges[random.Below(node.ranges.size())];
      const uint32_t pick = random.Below(4);
      const uint32_t inside = range.from + random.Below(uint64_t{range.to} - range.from + 1);
      out->push_back(pick == 0 ? range.from : pick == 1 ? range.to : inside);
      return;
    }
    case tree::kAssertionNode:
      return;
    case tree::kSequence:
      for (const Node& item : node.items) Sample(item, random, loop, limit, out, visits);
      return;
    case tree::kAlternation:
      Sample(node.items[random.Below(node.items.size())], random, loop, limit, out, visits);
      return;
    case tree::kRepeat: {
      const uint64_t extra = node.max == tree::kUnbounded ? loop : node.max - node.min;
      const uint64_t count = node.min + random.Below(extra + 1);
      for (uint64_t i = 0; i < count && out->size() < limit && *visits > 0; i++) {
        Sample(node.items[0], random, loop, limit, out, visits);
      }
      return;
    }
  }
}

// Code points near the landmarks and the pattern's range ends, so that set
// edges and repeats both come up: a few dozen of them, or a block repeated
// into thousands, where the limits' floors no longer cover a miscount; or a
// string sampled from the pattern, short or with its loops run thousands of
// times, perhaps with one code point changed, dropped or added.
Subject MakeSubject(FuzzedDataProvider& in, const Node& root, const std::vector<Range>& ranges) {
  std::vector<uint32_t> alphabet;
  for (int count = in.ConsumeIntegralInRange(1, 5); count > 0; count--) {
    uint32_t c = PickPoint(in);
    if (!ranges.empty() && in.ConsumeBool()) {
      const Range& range = ranges[in.ConsumeIntegralInRange<size_t>(0, ranges.size() - 1)];
      switch (in.ConsumeIntegralInRange(0, 2)) {
        case 0:
          c = Clamp(int64_t{range.from} + in.ConsumeIntegralInRange(-1, 1));
          break;
        case 1:
          c = Clamp(int64_t{range.to} + in.ConsumeIntegralInRange(-1, 1));
          break;
        default:
          c = in.ConsumeIntegralInRange(range.from, range.to);
      }
    }
    alphabet.push_back(c);
  }
  auto pick = [&] { return alphabet[in.ConsumeIntegralInRange<size_t>(0, alphabet.size() - 1)]; };
  Subject subject;
  std::vector<uint32_t>& text = subject.code_points;
  const int mode = in.ConsumeIntegralInRange(0, 15);
  if (mode < 8) {
    for (int length = in.ConsumeIntegralInRange(0, 40); length > 0; length--) text.push_back(pick());
    subject.description = Hex(text);
  } else if (mode < 12) {
    const bool long_loops = mode >= 10;
    Random random{in.ConsumeIntegral<uint64_t>() | 1};
    const uint32_t loop =
        long_loops ? in.ConsumeIntegralInRange<uint32_t>(100, 20000) : in.ConsumeIntegralInRange<uint32_t>(0, 3);
    size_t visits = 1 << 18;
    Sample(root, random, loop, long_loops ? 60000 : 40, &text, &visits);
    const int edit = in.ConsumeIntegralInRange(0, 3);
    const size_t at = text.empty() ? 0 : in.ConsumeIntegralInRange<size_t>(0, text.size() - 1);
    if (edit == 1) text.insert(text.begin() + at, pick());
    if (edit == 2 && !text.empty()) text[at] = pick();
    if (edit == 3 && !text.empty()) text.erase(text.begin() + at);
    static const char* const kEdits[] = {"", ", one added", ", one changed", ", one dropped"};
    const std::string shown =
        text.size() <= 300 ? Hex(text) : Hex(std::vector<uint32_t>(text.begin(), text.begin() + 300)) + " ...";
    subject.description = shown + " (" + std::to_string(text.size()) +
                          " code points sampled from the pattern, loops of up to " + std::to_string(loop) +
                          kEdits[edit] + ")";
  } else {
    std::vector<uint32_t> head, block, tail;
    for (int length = in.ConsumeIntegralInRange(0, 3); length > 0; length--) head.push_back(pick());
    for (int length = in.ConsumeIntegralInRange(1, 8); length > 0; length--) block.push_back(pick());
    for (int length = in.ConsumeIntegralInRange(0, 3); length > 0; length--) tail.push_back(pick());
    // Past 16,384 code points a JIT search gets a stack of its own (pcre2-pattern.cc).
    const size_t repeats = mode < 15 ? in.ConsumeIntegralInRange<size_t>(50, 2000)
                                     : in.ConsumeIntegralInRange<size_t>(20000, 60000) / block.size();
    text = head;
    for (size_t i = 0; i < repeats; i++) text.insert(text.end(), block.begin(), block.end());
    text.insert(text.end(), tail.begin(), tail.end());
    subject.description = "[" + Hex(head) + "] + [" + Hex(block) + "] x " + std::to_string(repeats) + " + [" +
                          Hex(tail) + "] (" + std::to_string(text.size()) + " code points)";
  }
  // The addon's buffer is never null (environment.cc reserves length + 1),
  // and pcre2_jit_match must not be given null: PCRE2's JIT code (10.42,
  // and 10.47 still) faults on a null empty subject for some patterns,
  // `(?:(?!)|(?!)|(?!)|(?!))?(?!)` among them.
  if (text.empty()) text.reserve(1);
  return subject;
}

const char* Name(Outcome outcome) {
  switch (outcome) {
    case kMatch:
      return "match";
    case kNoMatch:
      return "no match";
    case kWorkLimit:
      return "work limit";
    default:
      return "out of memory";
  }
}

bool Flag(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' && *value != '0';
}

const bool kExploreStart = Flag("PCRE2_FUZZ_START_OPTIMIZE");
const bool kPrint = Flag("PCRE2_FUZZ_PRINT");
double Number(const char* name) { return std::getenv(name) ? std::atof(std::getenv(name)) : 0; }
const double kRatio = Number("PCRE2_FUZZ_RATIO");
const double kNanoseconds = Number("PCRE2_FUZZ_NS");
const bool kMemory = Flag("PCRE2_FUZZ_MEMORY");

// What the current input is, for a trap's message.
struct Context {
  std::string source;
  const Program* program = nullptr;
  Proof proof{};
  uint32_t steps = 0;
  const Subject* subject = nullptr;
  std::string answers;
} context;

void PrintPattern() {
  std::fprintf(stderr, "pcre2-fuzzer: pattern (PCRE2 source): %s\n", context.source.c_str());
  if (context.program != nullptr) {
    std::fprintf(stderr, "pcre2-fuzzer: program: %zu instructions, %u classes, anchored %d, widest class %u\n",
                 context.program->size(), context.program->class_count(), context.program->anchored(),
                 context.program->widest_class());
  }
  std::fprintf(stderr, "pcre2-fuzzer: proof: %s, steps %u (%s), searched with steps %u\n",
               context.proof.linear ? "linear" : "not linear", context.proof.steps,
               context.proof.reason ? context.proof.reason : "-", context.steps);
}

void PrintInput() {
  PrintPattern();
  if (context.subject != nullptr) {
    const std::string& text = context.subject->description;
    std::fprintf(stderr, "pcre2-fuzzer: subject (code points, hex): %.2000s%s\n", text.c_str(),
                 text.size() > 2000 ? "..." : "");
  }
  if (!context.answers.empty()) std::fprintf(stderr, "pcre2-fuzzer: answers: %s\n", context.answers.c_str());
}

[[noreturn]] void Broken(const char* promise) {
  PrintInput();
  std::fprintf(stderr, "pcre2-fuzzer: %s\n", promise);
  __builtin_trap();
}

// A crash inside a call (PCRE2's JIT code faulting, say) prints no broken
// promise; with PCRE2_FUZZ_PRINT, each call says what it searches first.
void Running(const char* call) {
  if (!kPrint) return;
  std::fprintf(stderr, "pcre2-fuzzer: running %s", call);
  if (context.subject != nullptr) {
    std::fprintf(stderr, " on %.2000s", context.subject->description.c_str());
  }
  std::fprintf(stderr, "\n");
}

// The options of native/pcre2-pattern.cc (kOptions), repeated for the
// searches that explore and explain; PCRE2_NO_START_OPTIMIZE is added by
// the caller.
constexpr uint32_t kBaseOptions = PCRE2_NO_AUTO_CAPTURE | PCRE2_ALLOW_EMPTY_CLASS | PCRE2_DOLLAR_ENDONLY |
                                  PCRE2_NEVER_UTF | PCRE2_NEVER_UCP | PCRE2_NEVER_BACKSLASH_C;

// A pattern compiled outside Pcre2Code, with options of the fuzzer's choice.
struct RawCode {
  pcre2_code* code = nullptr;
  bool jit = false;
  RawCode(const std::vector<uint32_t>& source, uint32_t options, bool want_jit) {
    int error;
    PCRE2_SIZE offset;
    static const uint32_t kNoUnits = 0;  // PCRE2 refuses a null pattern, even an empty one
    code = pcre2_compile(source.empty() ? &kNoUnits : source.data(), source.size(), options, &error, &offset, nullptr);
    if (code != nullptr && want_jit) jit = pcre2_jit_compile(code, PCRE2_JIT_COMPLETE) == 0;
  }
  ~RawCode() { pcre2_code_free(code); }
  RawCode(const RawCode&) = delete;
  RawCode& operator=(const RawCode&) = delete;
};

// PCRE2's own return code for a search under explicit limits (a zero heap
// or JIT stack size: as large as the search wants).
struct RawMatcher {
  pcre2_match_context* context = pcre2_match_context_create(nullptr);
  pcre2_match_data* data = pcre2_match_data_create(1, nullptr);
  pcre2_jit_stack* stack = pcre2_jit_stack_create(32 * 1024, 256 * 1024 * 1024, nullptr);
  RawMatcher() { pcre2_jit_stack_assign(context, nullptr, stack); }

  int Run(const RawCode& code, const std::vector<uint32_t>& subject, uint32_t match_limit,
          uint32_t heap_kib = UINT32_MAX, pcre2_jit_stack* jit_stack = nullptr) {
    pcre2_set_match_limit(context, match_limit);
    pcre2_set_depth_limit(context, UINT32_MAX);
    pcre2_set_heap_limit(context, heap_kib);
    if (jit_stack != nullptr) pcre2_jit_stack_assign(context, nullptr, jit_stack);
    const int rc = code.jit ? pcre2_jit_match(code.code, subject.data(), subject.size(), 0, 0, data, context)
                            : pcre2_match(code.code, subject.data(), subject.size(), 0, 0, data, context);
    if (jit_stack != nullptr) pcre2_jit_stack_assign(context, nullptr, stack);
    return rc;
  }

  // The least value of a limit under which `trips` is false (by doubling,
  // then bisecting), or `most` if it trips even there.
  template <typename Trips>
  static uint64_t Least(uint64_t most, Trips trips) {
    uint64_t high = 1;
    while (trips(high)) {
      if (high >= most) return most;
      high = std::min(high * 2, most);
    }
    uint64_t low = high / 2;  // trips (or 0)
    while (high - low > 1) {
      const uint64_t mid = (low + high) / 2;
      (trips(mid) ? low : high) = mid;
    }
    return high;
  }

  // The least match limit under which the search ends on its own.
  uint32_t LeastLimit(const RawCode& code, const std::vector<uint32_t>& subject) {
    return static_cast<uint32_t>(Least(UINT32_MAX, [&](uint64_t limit) {
      return Run(code, subject, static_cast<uint32_t>(limit)) == PCRE2_ERROR_MATCHLIMIT;
    }));
  }

  // The least heap (bytes, to 1 KiB) the interpreter needs.
  uint64_t LeastHeap(const RawCode& code, const std::vector<uint32_t>& subject) {
    return 1024 * Least(UINT32_MAX, [&](uint64_t kib) {
      return Run(code, subject, UINT32_MAX, static_cast<uint32_t>(kib)) == PCRE2_ERROR_HEAPLIMIT;
    });
  }

  // The least JIT stack (bytes, to 4 KiB) a JIT search needs.
  uint64_t LeastJitStack(const RawCode& code, const std::vector<uint32_t>& subject) {
    return 4096 * Least(uint64_t{1} << 16, [&](uint64_t pages) {
      pcre2_jit_stack* own = pcre2_jit_stack_create(4096, 4096 * pages, nullptr);
      const int rc = Run(code, subject, UINT32_MAX, UINT32_MAX, own);
      pcre2_jit_stack_free(own);
      return rc == PCRE2_ERROR_JIT_STACKLIMIT;
    });
  }
};

std::string ErrorText(int rc) {
  PCRE2_UCHAR units[256];
  const int length = pcre2_get_error_message(rc, units, 256);
  std::string text;
  for (int i = 0; i < length; i++) text += static_cast<char>(units[i]);
  return text + " (" + std::to_string(rc) + ")";
}

// Why a proven search stopped: which of PCRE2's limits, under what
// Pcre2Matcher::Match sets, and what the search needs.
std::string ExplainTrip(const std::vector<uint32_t>& source, bool anchored, bool jit,
                        const std::vector<uint32_t>& subject, uint32_t steps) {
  RawCode code(source, kBaseOptions | PCRE2_NO_START_OPTIMIZE | (anchored ? PCRE2_ANCHORED : 0), jit);
  RawMatcher matcher;
  const uint64_t positions = subject.size() + 1;
  const Pcre2Limits limits = Pcre2LimitsFor(steps, subject.size());
  const uint64_t limit = limits.match;
  const uint64_t heap_kib = limits.heap_kib;
  const uint64_t stack = limits.jit_stack;
  int rc;
  if (jit) {
    pcre2_jit_stack* own = pcre2_jit_stack_create(32 * 1024, stack, nullptr);
    pcre2_jit_stack_assign(matcher.context, nullptr, own);
    pcre2_set_match_limit(matcher.context, static_cast<uint32_t>(limit));
    rc = pcre2_jit_match(code.code, subject.data(), subject.size(), 0, 0, matcher.data, matcher.context);
    pcre2_jit_stack_assign(matcher.context, nullptr, matcher.stack);
    pcre2_jit_stack_free(own);
  } else {
    pcre2_set_match_limit(matcher.context, static_cast<uint32_t>(limit));
    pcre2_set_depth_limit(matcher.context, static_cast<uint32_t>(limit));
    pcre2_set_heap_limit(matcher.context, static_cast<uint32_t>(heap_kib));
    rc = pcre2_match(code.code, subject.data(), subject.size(), 0, 0, matcher.data, matcher.context);
  }
  const uint32_t least = matcher.LeastLimit(code, subject);
  char text[512];
  std::snprintf(text, sizeof text,
                "%s under Match's limits (match limit %llu, %s); unbounded, the search needs a match limit of %u "
                "(%.2f a proven step) and answers %s",
                ErrorText(rc).c_str(), static_cast<unsigned long long>(limit),
                jit ? ("JIT stack " + std::to_string(stack) + " bytes").c_str()
                    : ("heap " + std::to_string(heap_kib) + " KiB").c_str(),
                least, static_cast<double>(least) / (static_cast<double>(steps) * positions),
                ErrorText(matcher.Run(code, subject, UINT32_MAX)).c_str());
  return text;
}

Scratch scratch;
template <typename Unit>
Pcre2Matcher<Unit>* MatcherOf() {
  static Pcre2Matcher<Unit>* const matcher = [] {
    auto* m = new Pcre2Matcher<Unit>();
    if (!m->Init()) {
      std::fprintf(stderr, "pcre2-fuzzer: Pcre2Matcher::Init failed\n");
      std::abort();
    }
    return m;
  }();
  return matcher;
}
Pcre2Matcher<uint32_t>* matcher = MatcherOf<uint32_t>();
RawMatcher raw;
uint64_t validations = 0;

Outcome DfaTest(Dfa& dfa, const std::vector<uint32_t>& subject) {
  Meter meter{int64_t{1} << 50, 0, ++validations};
  const Outcome outcome = dfa.Test(subject.data(), subject.size(), &scratch, &meter);
  scratch.Trim();
  return outcome;
}

std::unique_ptr<Pcre2Code<uint32_t>> MustCompile(const std::vector<uint32_t>& source, bool anchored) {
  const char* error = nullptr;
  Running("Pcre2Code::Compile");
  std::unique_ptr<Pcre2Code<uint32_t>> code =
      Pcre2Code<uint32_t>::Compile(source.data(), source.size(), anchored, &error);
  if (!code) {
    // Say where PCRE2 stopped: the writer's output must always compile.
    int rc;
    PCRE2_SIZE offset = 0;
    pcre2_code* again = pcre2_compile(source.data(), source.size(), kBaseOptions | PCRE2_NO_START_OPTIMIZE, &rc,
                                      &offset, nullptr);
    pcre2_code_free(again);
    std::fprintf(stderr, "pcre2-fuzzer: %s: %s at offset %zu\n", error ? error : "?", ErrorText(rc).c_str(),
                 static_cast<size_t>(offset));
    Broken("PCRE2 refused to compile a source the writer produced");
  }
  return code;
}

// The 8-bit code: the writer's output must compile there too, unless its
// compiled form passes the 8-bit library's 16-bit links (deps/pcre2/config.h),
// where the addon keeps one-byte subjects on the 32-bit code (nullptr here).
std::unique_ptr<Pcre2Code<uint8_t>> MustCompileOneByte(const std::vector<uint8_t>& source, bool anchored) {
  const char* error = nullptr;
  Running("Pcre2Code<uint8_t>::Compile");
  std::unique_ptr<Pcre2Code<uint8_t>> code =
      Pcre2Code<uint8_t>::Compile(source.data(), source.size(), anchored, &error);
  if (!code) {
    int rc;
    PCRE2_SIZE offset = 0;
    static const uint8_t kNoUnits = 0;
    pcre2_code_8* again = pcre2_compile_8(source.empty() ? &kNoUnits : source.data(), source.size(),
                                          kBaseOptions | PCRE2_NO_START_OPTIMIZE, &rc, &offset, nullptr);
    pcre2_code_free_8(again);
    if (rc == PCRE2_ERROR_PATTERN_TOO_LARGE) return nullptr;
    std::fprintf(stderr, "pcre2-fuzzer: %s: %s at offset %zu\n", error ? error : "?", ErrorText(rc).c_str(),
                 static_cast<size_t>(offset));
    Broken("PCRE2's 8-bit library refused to compile a source the writer produced");
  }
  return code;
}

// The proof counts the program's instructions, so PCRE2's compiled form
// must be about as large as the program, each instruction a few code units
// (a class a few per range; below U+0100, a 32-byte bitmap). Random trees
// stay under 28 bytes an instruction or range; far more means the source
// holds what the program does not (as copies of an empty group once did),
// and PCRE2 spends steps that no proof counts.
constexpr size_t kBytesPerWeight = 64;

void CheckCompiledSize(const Pcre2Code<uint32_t>& code, const Program& program, const reference::Source& source) {
  static const size_t empty = [] {
    RawCode compiled(std::vector<uint32_t>(), kBaseOptions | PCRE2_NO_START_OPTIMIZE, false);
    size_t bytes = 0;
    pcre2_pattern_info(compiled.code, PCRE2_INFO_SIZE, &bytes);
    return bytes;
  }();
  size_t bytes = 0;
  pcre2_pattern_info(code.code(), PCRE2_INFO_SIZE, &bytes);
  size_t weight = 0;
  for (size_t pc = 0; pc < program.size(); pc++) {
    const Instruction& inst = program[pc];
    weight += 1 + (inst.op == kChar ? source.sets[inst.x].size() : 0);
  }
  if (bytes > empty + kBytesPerWeight * weight) {
    char text[160];
    std::snprintf(text, sizeof text,
                  "PCRE2's compiled form: %zu bytes (%zu for the empty pattern) for %zu instructions and ranges", bytes,
                  empty, weight);
    context.answers = text;
    Broken("PCRE2's compiled form is far larger than the program: the source holds what the proof does not count");
  }
}

// What a PCRE2 search under Pcre2Matcher::Match must give: the DFA's answer,
// or, on an unproven pattern only, kWorkLimit. The 8-bit library searches
// one-byte subjects, as the addon's fast call hands them.
template <typename Unit>
void CheckPcre2(const char* engine, const Pcre2Code<Unit>& code, const std::vector<uint32_t>& pcre2_source,
                const std::vector<Unit>& subject, Outcome dfa) {
  Running(code.jit() ? "Pcre2Matcher::Match (JIT)" : "Pcre2Matcher::Match (interpreter)");
  const Outcome outcome = MatcherOf<Unit>()->Match(code, subject.data(), subject.size(), context.steps);
  context.answers += std::string(", PCRE2 ") + engine + ": " + Name(outcome);
  if (outcome == kWorkLimit) {
    if (!context.proof.linear) return;
    // The 32-bit code's search explains it: the 8-bit one takes the same steps.
    const std::vector<uint32_t> code_points(subject.begin(), subject.end());
    context.answers +=
        " -- " + ExplainTrip(pcre2_source, context.program->anchored(), code.jit(), code_points, context.steps);
    Broken("PCRE2's limits stopped a search of a pattern proven linear: the proof (or the limits drawn from it) "
           "undercounts");
  }
  if (outcome != dfa) Broken("PCRE2 and the DFA disagree");
}

// Exploring: the least match limit each search needs, against the proof's steps.
void CheckRatio(const std::vector<uint32_t>& pcre2_source, const std::vector<uint32_t>& subject) {
  const uint64_t positions = subject.size() + 1;
  const double allowed = kRatio * context.steps * positions + 64;
  const uint32_t options = kBaseOptions | PCRE2_NO_START_OPTIMIZE | (context.program->anchored() ? PCRE2_ANCHORED : 0);
  for (const bool jit : {true, false}) {
    RawCode code(pcre2_source, options, jit);
    const uint32_t least = raw.LeastLimit(code, subject);
    if (least > allowed) {
      char text[200];
      std::snprintf(text, sizeof text, ", %s needs a match limit of %u = %.2f a proven step (%u steps, %llu positions)",
                    jit ? "JIT" : "the interpreter", least,
                    static_cast<double>(least) / (static_cast<double>(context.steps) * positions), context.steps,
                    static_cast<unsigned long long>(positions));
      context.answers += text;
      Broken("a proven search needs more match-limit counts per proven step than PCRE2_FUZZ_RATIO");
    }
  }
}

// Exploring: the memory each proven search needs, against what Match
// allows it (Pcre2LimitsFor), with 64 KiB for PCRE2's first allocations.
void CheckMemory(const std::vector<uint32_t>& pcre2_source, const std::vector<uint32_t>& subject, uint32_t steps) {
  if (subject.size() < 1000) return;
  const uint64_t positions = subject.size() + 1;
  const uint32_t options = kBaseOptions | PCRE2_NO_START_OPTIMIZE | (context.program->anchored() ? PCRE2_ANCHORED : 0);
  const Pcre2Limits limits = Pcre2LimitsFor(steps, subject.size());
  const auto check = [&](const char* what, uint64_t needed, uint64_t allowed) {
    if (needed <= allowed + 65536) return;
    char text[200];
    std::snprintf(text, sizeof text, ", %s needs %llu bytes = %.0f a position (Match allows %llu)", what,
                  static_cast<unsigned long long>(needed), static_cast<double>(needed) / positions,
                  static_cast<unsigned long long>(allowed));
    context.answers += text;
    Broken("a proven search needs more memory than Match allows");
  };
  const RawCode interpreted(pcre2_source, options, false);
  check("the interpreter's heap", raw.LeastHeap(interpreted, subject), uint64_t{limits.heap_kib} * 1024);
  const RawCode jit(pcre2_source, options, true);
  if (jit.jit) check("JIT's stack", raw.LeastJitStack(jit, subject), limits.jit_stack);
}

// Exploring: the time of each proven search, against the proof's steps.
void CheckTime(const Pcre2Code<uint32_t>& code, const std::vector<uint32_t>& subject) {
  if (subject.size() < 1000) return;
  const double steps = static_cast<double>(context.steps) * (subject.size() + 1);
  double fastest = 1e300;
  for (int run = 0; run < 2; run++) {
    const auto start = std::chrono::steady_clock::now();
    matcher->Match(code, subject.data(), subject.size(), context.steps);
    const std::chrono::duration<double, std::nano> took = std::chrono::steady_clock::now() - start;
    fastest = std::min(fastest, took.count());
  }
  if (fastest > kNanoseconds * steps && fastest > 5e6) {
    char text[160];
    std::snprintf(text, sizeof text, ", PCRE2 %s took %.1f ms = %.1f ns a proven step",
                  code.jit() ? "JIT" : "interpreter", fastest / 1e6, fastest / steps);
    context.answers += text;
    Broken("a proven search took longer per proven step than PCRE2_FUZZ_NS");
  }
}

// Exploring: PCRE2 with its start-of-match optimizations, which the addon
// turns off, against the DFA. Searches that hit the (generous) limit say nothing.
void CheckStartOptimized(const std::vector<uint32_t>& pcre2_source, const std::vector<uint32_t>& subject, Outcome dfa) {
  for (const bool jit : {true, false}) {
    Running(jit ? "PCRE2 start-optimized (JIT)" : "PCRE2 start-optimized (interpreter)");
    RawCode code(pcre2_source, kBaseOptions | (context.program->anchored() ? PCRE2_ANCHORED : 0), jit);
    if (code.code == nullptr) Broken("PCRE2 refused the source without PCRE2_NO_START_OPTIMIZE");
    const int rc = raw.Run(code, subject, 10 * 1000 * 1000);
    if (rc < 0 && rc != PCRE2_ERROR_NOMATCH) continue;
    const Outcome outcome = rc >= 0 ? kMatch : kNoMatch;
    context.answers += std::string(", PCRE2 start-optimized ") + (jit ? "JIT" : "interpreter") + ": " + Name(outcome);
    if (outcome != dfa) Broken("PCRE2 with its start optimizations and the DFA disagree");
  }
}

// The programs are kept small: each input is searched a dozen ways.
constexpr uint64_t kMaxProgram = 1500;
// The reference is quadratic in the subject.
constexpr size_t kReferenceLength = 64;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  const Node root = MakePattern(in);
  if (tree::ProgramSize(root) > kMaxProgram) return -1;  // not worth keeping in the corpus
  std::vector<Range> ranges;
  CollectRanges(root, &ranges);
  std::vector<Subject> subjects;
  for (int count = in.ConsumeIntegralInRange(1, 4); count > 0; count--) {
    subjects.push_back(MakeSubject(in, root, ranges));
  }

  context = Context{};
  context.source = tree::Pcre2Text(root);
  // Exactly their size, so that AddressSanitizer catches a read past the end.
  const std::vector<uint32_t> words = tree::EncodeProgram(root);
  const std::vector<uint32_t> pcre2_source = tree::Pcre2Source(root);

  const char* error = nullptr;
  const std::unique_ptr<Program> program = Program::Parse(words.data(), words.size(), &error);
  if (!program) {
    std::fprintf(stderr, "pcre2-fuzzer: %s\n", error);
    Broken("Parse refused the program the emitter wrote");
  }
  reference::Source reference_source;
  if (!reference::Decode(words, &reference_source)) Broken("the emitter wrote a malformed program");
  context.program = program.get();
  context.proof = ProveLinear(*program, kProofWork);
  // As native/addon.cc chooses them.
  context.steps = context.proof.linear ? std::max<uint32_t>(context.proof.steps, 1) : kMaxSteps;
  if (kPrint) {
    PrintPattern();
    std::string line = "{\"tree\":" + Json(root) + ",\"words\":[";
    for (size_t i = 0; i < words.size(); i++) line += (i ? "," : "") + std::to_string(words[i]);
    std::string escaped;
    for (const char c : context.source) {
      if (c == '\\' || c == '"') escaped += '\\';
      escaped += c;
    }
    std::printf("%s],\"source\":\"%s\"}\n", line.c_str(), escaped.c_str());
  }

  const std::unique_ptr<Pcre2Code<uint32_t>> jit = MustCompile(pcre2_source, program->anchored());
  CheckCompiledSize(*jit, *program, reference_source);
  if (jit->jit() != Pcre2JitAvailable()) Broken("Pcre2Code compiled without JIT where JIT is available");
  // (*NO_JIT): the interpreter, as on platforms without JIT (pcre2-pattern.cc checks for the JIT code).
  std::vector<uint32_t> interpreted_source;
  for (const char c : std::string("(*NO_JIT)")) interpreted_source.push_back(static_cast<uint8_t>(c));
  interpreted_source.insert(interpreted_source.end(), pcre2_source.begin(), pcre2_source.end());
  const std::unique_ptr<Pcre2Code<uint32_t>> interpreted = MustCompile(interpreted_source, program->anchored());
  if (interpreted->jit()) Broken("(*NO_JIT) still made JIT code");
  // The 8-bit code for one-byte subjects, JIT and interpreted, as the addon
  // compiles it beside the 32-bit code.
  const std::vector<uint8_t> one_byte_source = tree::OneBytePcre2Source(root);
  const std::unique_ptr<Pcre2Code<uint8_t>> one_byte_jit = MustCompileOneByte(one_byte_source, program->anchored());
  std::vector<uint8_t> one_byte_interpreted_source(one_byte_source);
  const std::string no_jit = "(*NO_JIT)";
  one_byte_interpreted_source.insert(one_byte_interpreted_source.begin(), no_jit.begin(), no_jit.end());
  const std::unique_ptr<Pcre2Code<uint8_t>> one_byte_interpreted =
      MustCompileOneByte(one_byte_interpreted_source, program->anchored());

  Dfa dfa(program.get());
  for (const Subject& subject : subjects) {
    context.subject = &subject;
    context.answers.clear();
    const std::vector<uint32_t>& text = subject.code_points;
    Running("Dfa::Test");
    const Outcome answer = DfaTest(dfa, text);
    context.answers = std::string("DFA: ") + Name(answer);
    if (answer != kMatch && answer != kNoMatch) Broken("the DFA gave no answer without a limit");
    if (text.size() <= kReferenceLength) {
      const bool expected = reference::Test(reference_source, text);
      context.answers += std::string(", reference: ") + (expected ? "match" : "no match");
      if ((answer == kMatch) != expected) Broken("the DFA and the reference disagree");
    }
    // PCRE2's limits count backtracking into groups, not into a repeated
    // set: an unproven pattern such as `[^a]*b` takes n^2 steps before any
    // limit trips (45,000 code points: 2 s in JIT, 20 s interpreted). The
    // addon never runs one in PCRE2; here only its answers are compared, on
    // subjects short enough for any polynomial.
    if (!context.proof.linear && text.size() > kReferenceLength) continue;
    CheckPcre2("JIT", *jit, pcre2_source, text, answer);
    CheckPcre2("interpreter", *interpreted, pcre2_source, text, answer);
    // A subject of code points up to U+00FF is a one-byte string's: the
    // 8-bit code must answer as the DFA does. Any other subject is cut to
    // one byte a code point (its low byte), and the DFA answers that one.
    if (!one_byte_jit || !one_byte_interpreted) continue;
    // Never null, as a one-byte string's characters never are (see MakeSubject).
    std::vector<uint8_t> bytes;
    bytes.reserve(text.size() + 1);
    bytes.assign(text.begin(), text.end());
    const bool one_byte = std::all_of(text.begin(), text.end(), [](uint32_t c) { return c <= 0xFF; });
    const Outcome bytes_answer = one_byte ? answer : DfaTest(dfa, std::vector<uint32_t>(bytes.begin(), bytes.end()));
    if (!one_byte) context.answers += std::string(", DFA on its low bytes: ") + Name(bytes_answer);
    CheckPcre2("8-bit JIT", *one_byte_jit, pcre2_source, bytes, bytes_answer);
    CheckPcre2("8-bit interpreter", *one_byte_interpreted, pcre2_source, bytes, bytes_answer);
    if (kExploreStart) CheckStartOptimized(pcre2_source, text, answer);
    if (kRatio > 0 && context.proof.linear) CheckRatio(pcre2_source, text);
    if (kMemory && context.proof.linear) CheckMemory(pcre2_source, text, context.steps);
    if (kNanoseconds > 0 && context.proof.linear) {
      CheckTime(*jit, text);
      CheckTime(*interpreted, text);
    }
  }
  context.subject = nullptr;
  return 0;
}
