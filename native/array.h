#pragma once

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#include <utility>

// A growable array of plain values that reports allocation failure instead of
// throwing: the addon is built without exceptions, where std::vector's
// std::bad_alloc would end the process.
template <typename T>
class Array {
  static_assert(std::is_trivially_copyable<T>::value, "plain values only");

 public:
  Array() = default;
  ~Array() { std::free(data_); }
  Array(const Array&) = delete;
  Array& operator=(const Array&) = delete;

  T* data() { return data_; }
  const T* data() const { return data_; }
  size_t size() const { return size_; }
  size_t capacity() const { return capacity_; }
  size_t bytes() const { return capacity_ * sizeof(T); }
  T& operator[](size_t i) { return data_[i]; }
  const T& operator[](size_t i) const { return data_[i]; }

  // Room for at least `capacity` values; false if memory ran out.
  bool Reserve(size_t capacity) {
    if (capacity <= capacity_) return true;
    size_t grown = capacity_ < 16 ? 16 : capacity_ * 2;
    if (grown < capacity) grown = capacity;
    if (grown > SIZE_MAX / sizeof(T)) return false;
    T* data = static_cast<T*>(std::realloc(data_, grown * sizeof(T)));
    if (data == nullptr) return false;
    data_ = data;
    capacity_ = grown;
    return true;
  }

  // Sets the size to `size`, new values copied from `fill`.
  bool Resize(size_t size, T fill) {
    if (!Reserve(size)) return false;
    for (size_t i = size_; i < size; i++) data_[i] = fill;
    size_ = size;
    return true;
  }

  bool Push(T value) {
    if (size_ == capacity_ && !Reserve(size_ + 1)) return false;
    data_[size_++] = value;
    return true;
  }

  T Pop() { return data_[--size_]; }
  void Clear() { size_ = 0; }

  void Swap(Array& other) {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    std::swap(capacity_, other.capacity_);
  }

  // Frees the memory too.
  void Release() {
    std::free(data_);
    data_ = nullptr;
    size_ = capacity_ = 0;
  }

 private:
  T* data_ = nullptr;
  size_t size_ = 0;
  size_t capacity_ = 0;
};
