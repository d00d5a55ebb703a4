#include "output/page_packing.hpp"

#include <zlib.h>

#include <cstdint>
#include <stdexcept>

namespace arb::output {

std::string zlib_compress(std::string_view bytes) {
    uLongf size = compressBound(static_cast<uLong>(bytes.size()));
    std::string out(size, '\0');
    const int status = compress2(reinterpret_cast<Bytef *>(out.data()), &size,
                                 reinterpret_cast<const Bytef *>(bytes.data()), static_cast<uLong>(bytes.size()),
                                 Z_DEFAULT_COMPRESSION);
    if (status != Z_OK) throw std::runtime_error("zlib: compress2 failed with status " + std::to_string(status));
    out.resize(size);
    return out;
}

std::string base64(std::string_view bytes) {
    static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    auto byte = [&](size_t i) { return static_cast<uint32_t>(static_cast<unsigned char>(bytes[i])); };
    size_t i = 0;
    for (; i + 3 <= bytes.size(); i += 3) {
        const uint32_t n = byte(i) << 16 | byte(i + 1) << 8 | byte(i + 2);
        for (int shift : {18, 12, 6, 0}) out += kAlphabet[n >> shift & 63];
    }
    if (const size_t rest = bytes.size() - i; rest > 0) {
        const uint32_t n = byte(i) << 16 | (rest == 2 ? byte(i + 1) << 8 : 0);
        out += kAlphabet[n >> 18 & 63];
        out += kAlphabet[n >> 12 & 63];
        out += rest == 2 ? kAlphabet[n >> 6 & 63] : '=';
        out += '=';
    }
    return out;
}

}  // namespace arb::output
