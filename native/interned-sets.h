#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "array.h"

// Sets of items kept once each: every distinct (flags, items) pair gets the
// next index, and is found again by its content in constant time (open
// addressing over the indices). The DFA's states (sets of instructions) and
// the proof's (instructions with path counts) are kept so.
template <typename Item>
class InternedSets {
 public:
  static constexpr uint32_t kNone = UINT32_MAX;

  // The index of (flags, items), added as the next one if it is new
  // (`*added` says so); false if memory ran out.
  bool Intern(uint32_t flags, const Item* items, size_t size, uint32_t* index, bool* added) {
    if (table_.size() == 0 && !table_.Resize(64, kNone)) return false;
    const uint64_t hash = Hash(flags, items, size);
    const size_t mask = table_.size() - 1;
    size_t i = hash & mask;
    for (; table_[i] != kNone; i = (i + 1) & mask) {
      const Span& s = spans_[table_[i]];
      if (s.flags == flags && s.size == size &&
          (size == 0 || std::memcmp(items_.data() + s.begin, items, size * sizeof(Item)) == 0)) {
        *index = table_[i];
        *added = false;
        return true;
      }
    }
    // Offsets and indices are 32-bit.
    if (items_.size() + size > UINT32_MAX || spans_.size() + 1 >= kNone || !items_.Reserve(items_.size() + size)) {
      return false;
    }
    const uint32_t begin = static_cast<uint32_t>(items_.size());
    for (size_t k = 0; k < size; k++) items_.Push(items[k]);
    *index = static_cast<uint32_t>(spans_.size());
    if (!spans_.Push(Span{begin, static_cast<uint32_t>(size), flags})) return false;
    table_[i] = *index;
    *added = true;
    // Kept at most half full, so a probe always ends at an empty entry.
    return 2 * spans_.size() <= table_.size() || Rehash();
  }

  size_t count() const { return spans_.size(); }
  const Item* items(uint32_t index) const { return items_.data() + spans_[index].begin; }
  uint32_t size(uint32_t index) const { return spans_[index].size; }
  uint32_t flags(uint32_t index) const { return spans_[index].flags; }
  size_t bytes() const { return items_.bytes() + spans_.bytes() + table_.bytes(); }
  void Release() {
    items_.Release();
    spans_.Release();
    table_.Release();
  }

 private:
  struct Span {
    uint32_t begin;
    uint32_t size;
    uint32_t flags;
  };

  // FNV-style over the items' 32-bit words (items are plain 32-bit fields).
  static uint64_t Hash(uint32_t flags, const Item* items, size_t size) {
    static_assert(sizeof(Item) % sizeof(uint32_t) == 0, "items of 32-bit words");
    uint64_t h = 0x9E3779B97F4A7C15ull ^ flags;
    const size_t words = size * sizeof(Item) / sizeof(uint32_t);
    for (size_t i = 0; i < words; i++) {
      uint32_t word;
      std::memcpy(&word, reinterpret_cast<const char*>(items) + i * sizeof(uint32_t), sizeof word);
      h = (h ^ word) * 0x100000001B3ull;
    }
    return h ^ (h >> 29);
  }

  bool Rehash() {
    Array<uint32_t> table;
    if (!table.Resize(table_.size() * 2, kNone)) return false;
    const size_t mask = table.size() - 1;
    for (uint32_t index = 0; index < spans_.size(); index++) {
      const Span& s = spans_[index];
      size_t i = Hash(s.flags, items_.data() + s.begin, s.size) & mask;
      while (table[i] != kNone) i = (i + 1) & mask;
      table[i] = index;
    }
    table_.Swap(table);
    return true;
  }

  Array<Item> items_;
  Array<Span> spans_;
  Array<uint32_t> table_;  // indices into spans_, kNone empty
};
