#include "output/page_packing.hpp"

#include "report/payload_decoder.hpp"

#include <catch2/catch.hpp>

#include <random>

using namespace arb;

TEST_CASE("base64 gives the test vectors of RFC 4648, section 10", "[report]") {
    CHECK(output::base64("") == "");
    CHECK(output::base64("f") == "Zg==");
    CHECK(output::base64("fo") == "Zm8=");
    CHECK(output::base64("foo") == "Zm9v");
    CHECK(output::base64("foob") == "Zm9vYg==");
    CHECK(output::base64("fooba") == "Zm9vYmE=");
    CHECK(output::base64("foobar") == "Zm9vYmFy");
    // Every byte value, through an independent decoder.
    std::string all;
    for (int b = 0; b < 256; ++b) all.push_back(static_cast<char>(b));
    CHECK(test::base64_decode(output::base64(all)) == all);
    CHECK(output::base64("\xfb\xff") == "+/8=");  // the last two letters of the alphabet
}

TEST_CASE("zlib_compress gives what zlib's inflate restores, and shrinks repetitive data", "[report]") {
    std::mt19937 rng(7);
    std::string noise(100000, '\0');
    for (char &c : noise) c = static_cast<char>(rng());
    std::string repeated;
    for (int i = 0; i < 5000; ++i) repeated += "f5 d6 c3 d3 c4 ";
    for (const std::string &data : {std::string(), std::string("x"), noise, repeated}) {
        const std::string packed = output::zlib_compress(data);
        CHECK(test::zlib_inflate(packed) == data);
    }
    CHECK(output::zlib_compress(repeated).size() < repeated.size() / 50);
    // The zlib format (RFC 1950) that DecompressionStream('deflate') reads: CM = 8 and a header
    // whose first two bytes, as a big-endian number, are a multiple of 31.
    const std::string packed = output::zlib_compress(repeated);
    CHECK((static_cast<unsigned char>(packed[0]) & 0x0f) == 8);
    CHECK((static_cast<unsigned char>(packed[0]) * 256 + static_cast<unsigned char>(packed[1])) % 31 == 0);
}
