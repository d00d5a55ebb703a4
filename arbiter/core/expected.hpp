// A minimal std::expected stand-in (C++23's is not in our C++20 toolchain):
// a value or an Error, used at every module edge instead of exceptions.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace arb {

// What a caller may act on, where an error's text alone would be read for
// meaning (STYLE: the host never recognises meaning from text). Most errors
// are only reported and keep Unspecified.
enum class ErrorKind {
    Unspecified,
    FolderInUse,  // another arbiter holds the output folder's lock
};

struct Error {
    std::string message;
    ErrorKind kind = ErrorKind::Unspecified;
};

template <class E>
struct Unexpected {
    E error;
};

inline Unexpected<Error> fail(std::string message) { return {Error{std::move(message)}}; }
inline Unexpected<Error> fail(ErrorKind kind, std::string message) { return {Error{std::move(message), kind}}; }
inline Unexpected<Error> fail(Error error) { return {std::move(error)}; }  // passes an error on, kind and all

template <class T, class E = Error>
class [[nodiscard]] Expected {
public:
    Expected(T value) : data_(std::in_place_index<0>, std::move(value)) {}  // NOLINT: implicit like std::expected
    Expected(Unexpected<E> error) : data_(std::in_place_index<1>, std::move(error.error)) {}  // NOLINT

    [[nodiscard]] bool has_value() const noexcept { return data_.index() == 0; }
    explicit operator bool() const noexcept { return has_value(); }

    T &value() & { assert(has_value()); return std::get<0>(data_); }
    const T &value() const & { assert(has_value()); return std::get<0>(data_); }
    T &&value() && { assert(has_value()); return std::get<0>(std::move(data_)); }
    T &operator*() & { return value(); }
    const T &operator*() const & { return value(); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }

    const E &error() const & { assert(!has_value()); return std::get<1>(data_); }
    E &&error() && { assert(!has_value()); return std::get<1>(std::move(data_)); }

private:
    std::variant<T, E> data_;
};

// For operations that return nothing but may fail.
template <class E>
class [[nodiscard]] Expected<void, E> {
public:
    Expected() = default;
    Expected(Unexpected<E> error) : error_(std::move(error.error)), ok_(false) {}  // NOLINT

    [[nodiscard]] bool has_value() const noexcept { return ok_; }
    explicit operator bool() const noexcept { return ok_; }
    const E &error() const & { assert(!ok_); return error_; }

private:
    E error_{};
    bool ok_ = true;
};

}  // namespace arb
