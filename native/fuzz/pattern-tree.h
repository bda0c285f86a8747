#pragma once

// The syntax tree of src/pattern/syntax.ts and the two ways the addon is
// given it, ported line by line so that the fuzzer hands the native layer
// exactly what the TypeScript side would:
//   - EncodeProgram: src/pattern/program.ts (encodeProgram and its Emitter),
//     the words native/program.h reads;
//   - Pcre2Source: src/pattern/pcre2-source.ts, the 32-bit code units
//     native/pcre2-pattern.cc compiles, and OneBytePcre2Source, the same
//     pattern for one-byte subjects (8-bit code units).
// A change to either writer must be made here too, or the fuzzer tests a
// translation the package no longer makes.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "../program.h"
#include "reference.h"

namespace tree {

using reference::Range;

// A repeat's max when it has none (Infinity in TypeScript).
constexpr uint32_t kUnbounded = UINT32_MAX;

enum Kind { kSet, kSequence, kAlternation, kRepeat, kAssertionNode };

struct Node {
  Kind kind = kSequence;
  std::vector<Range> ranges;  // kSet: sorted, disjoint, not adjacent (sets.ts union)
  std::vector<Node> items;    // kSequence, kAlternation; kRepeat: its item alone
  uint32_t min = 0, max = 0;  // kRepeat
  uint32_t assertion = 0;     // kAssertionNode: native/program.h's numbering, as syntax.ts's
};

// programSize(node) in program.ts: the instructions, ACCEPT included.
inline uint64_t Size(const Node& node) {
  switch (node.kind) {
    case kSet:
    case kAssertionNode:
      return 1;
    case kSequence: {
      uint64_t sum = 0;
      for (const Node& item : node.items) sum += Size(item);
      return sum;
    }
    case kAlternation: {
      uint64_t sum = 0;
      for (const Node& item : node.items) sum += Size(item);
      return sum + 2 * (node.items.size() - 1);
    }
    case kRepeat: {
      const uint64_t item = Size(node.items[0]);
      return node.min * item + (node.max == kUnbounded ? item + 2 : (node.max - node.min) * (item + 1));
    }
  }
  return 0;
}

inline uint64_t ProgramSize(const Node& root) { return Size(root) + 1; }

// program.ts's Emitter. Its sets are shared by identity first and by
// content (`ranges.join(" ")`) second; identity implies equal content, so
// keying by content alone gives every set the same index.
class Emitter {
 public:
  std::vector<std::vector<Range>> sets;
  std::vector<uint32_t> code;  // [op, x, y] per instruction

  uint32_t pc() const { return static_cast<uint32_t>(code.size() / 3); }

  uint32_t Push(uint32_t op, uint32_t x = 0, uint32_t y = 0) {
    code.push_back(op);
    code.push_back(x);
    code.push_back(y);
    return pc() - 1;
  }

  void Emit(const Node& node) {
    switch (node.kind) {
      case kSet:
        Push(kChar, Set(node.ranges));
        return;
      case kAssertionNode:
        Push(kAssert, node.assertion);
        return;
      case kSequence:
        for (const Node& item : node.items) Emit(item);
        return;
      case kAlternation: {
        std::vector<uint32_t> jumps;
        for (size_t i = 0; i < node.items.size(); i++) {
          if (i == node.items.size() - 1) {
            Emit(node.items[i]);
            continue;
          }
          const uint32_t split = Push(kSplit);
          Emit(node.items[i]);
          jumps.push_back(Push(kJump));
          Patch(split, split + 1, pc());
        }
        for (const uint32_t jump : jumps) Patch(jump, pc());
        return;
      }
      case kRepeat: {
        const Node& item = node.items[0];
        for (uint32_t i = 0; i < node.min; i++) Emit(item);
        if (node.max == kUnbounded) {
          const uint32_t loop = Push(kSplit);
          Emit(item);
          Push(kJump, loop);
          Patch(loop, loop + 1, pc());
          return;
        }
        // x{0,3} as (?:x(?:x(?:x)?)?)?: every optional copy may end the repeat.
        std::vector<uint32_t> exits;
        for (uint32_t i = node.min; i < node.max; i++) {
          exits.push_back(Push(kSplit));
          Emit(item);
        }
        for (const uint32_t exit : exits) Patch(exit, exit + 1, pc());
        return;
      }
    }
  }

 private:
  void Patch(uint32_t at, uint32_t x, uint32_t y = 0) {
    code[3 * at + 1] = x;
    code[3 * at + 2] = y;
  }

  uint32_t Set(const std::vector<Range>& ranges) {
    std::vector<std::pair<uint32_t, uint32_t>> key;
    for (const Range& range : ranges) key.emplace_back(range.from, range.to);
    const auto found = index_.find(key);
    if (found != index_.end()) return found->second;
    const uint32_t index = static_cast<uint32_t>(sets.size());
    sets.push_back(ranges);
    index_.emplace(std::move(key), index);
    return index;
  }

  std::map<std::vector<std::pair<uint32_t, uint32_t>>, uint32_t> index_;
};

// encodeProgram(root): the sets, then the instructions.
inline std::vector<uint32_t> EncodeProgram(const Node& root) {
  Emitter emitter;
  emitter.Emit(root);
  emitter.Push(kAccept);
  std::vector<uint32_t> words{static_cast<uint32_t>(emitter.sets.size())};
  for (const auto& ranges : emitter.sets) {
    words.push_back(static_cast<uint32_t>(ranges.size()));
    for (const Range& range : ranges) {
      words.push_back(range.from);
      words.push_back(range.to);
    }
  }
  words.push_back(emitter.pc());
  words.insert(words.end(), emitter.code.begin(), emitter.code.end());
  return words;
}

// pcre2-source.ts, writing into one string.
class Pcre2Writer {
 public:
  explicit Pcre2Writer(uint32_t highest) : highest_(highest) {}
  std::string out;

  void Write(const Node& node) {
    switch (node.kind) {
      case kSet:
        WriteSet(Cut(node.ranges));
        return;
      case kAssertionNode: {
        static const char* const kAssertions[] = {"^", "\\z", "\\b", "\\B"};
        out += kAssertions[node.assertion];
        return;
      }
      case kSequence:
        for (const Node& item : node.items) {
          if (item.kind == kAlternation) {
            Group(item);
          } else {
            Write(item);
          }
        }
        return;
      case kAlternation:
        for (size_t i = 0; i < node.items.size(); i++) {
          if (i > 0) out += "|";
          Write(node.items[i]);
        }
        return;
      case kRepeat: {
        const Node& item = node.items[0];
        if (Size(item) == 0) return;
        if (item.kind == kSet && Cut(item.ranges).empty()) {
          if (node.min > 0) out += "(?!)";
          return;
        }
        if (item.kind == kSet) {
          Write(item);
        } else {
          Group(item);
        }
        Quantifier(node.min, node.max);
        return;
      }
    }
  }

 private:
  // cut(ranges, highest) in pcre2-source.ts: the ranges up to highest_.
  std::vector<Range> Cut(const std::vector<Range>& ranges) const {
    std::vector<Range> kept;
    for (const Range& range : ranges) {
      if (range.from <= highest_) kept.push_back(Range{range.from, std::min(range.to, highest_)});
    }
    return kept;
  }

  uint32_t highest_;

  static bool IsAlphanumeric(uint32_t c) {
    return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
  }

  void CodePoint(uint32_t c) {
    if (IsAlphanumeric(c)) {
      out += static_cast<char>(c);
      return;
    }
    char hex[16];
    std::snprintf(hex, sizeof hex, "\\x{%x}", c);  // toString(16): lowercase, no padding
    out += hex;
  }

  void WriteSet(const std::vector<Range>& ranges) {
    if (ranges.empty()) {
      out += "(?!)";
      return;
    }
    if (ranges.size() == 1 && ranges[0].from == ranges[0].to) {
      CodePoint(ranges[0].from);
      return;
    }
    out += "[";
    for (const Range& range : ranges) {
      CodePoint(range.from);
      if (range.from != range.to) {
        out += "-";
        CodePoint(range.to);
      }
    }
    out += "]";
  }

  void Quantifier(uint32_t min, uint32_t max) {
    if (max == kUnbounded) {
      out += min == 0 ? "*" : min == 1 ? "+" : "{" + std::to_string(min) + ",}";
    } else if (min == 0 && max == 1) {
      out += "?";
    } else if (min == max) {
      out += "{" + std::to_string(min) + "}";
    } else {
      out += "{" + std::to_string(min) + "," + std::to_string(max) + "}";
    }
  }

  void Group(const Node& node) {
    out += "(?:";
    Write(node);
    out += ")";
  }
};

// pcre2Source(root): only ASCII is written, one unit a character.
inline std::string Pcre2Text(const Node& root, uint32_t highest = 0x10FFFF) {
  Pcre2Writer writer(highest);
  writer.Write(root);
  return writer.out;
}

inline std::vector<uint32_t> Pcre2Source(const Node& root) {
  const std::string text = Pcre2Text(root);
  return std::vector<uint32_t>(text.begin(), text.end());
}

// oneBytePcre2Source(root): every set cut at U+00FF, for the 8-bit library.
inline std::vector<uint8_t> OneBytePcre2Source(const Node& root) {
  const std::string text = Pcre2Text(root, 0xFF);
  return std::vector<uint8_t>(text.begin(), text.end());
}

}  // namespace tree
