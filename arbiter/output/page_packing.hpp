// Binary data carried inside an HTML page: compressed in the zlib format
// (RFC 1950: deflate with a 2-byte header and a checksum), then written as
// base64 (RFC 4648) so that it is plain ASCII without '<'. A browser reads
// it back with atob() and the standard DecompressionStream('deflate'), no
// script library needed.
#pragma once

#include <string>
#include <string_view>

namespace arb::output {

// zlib format at zlib's default level (6: level 9 takes twice the time for 0.5 % less).
std::string zlib_compress(std::string_view bytes);

// Base64 with the standard alphabet and '=' padding, in one line.
std::string base64(std::string_view bytes);

}  // namespace arb::output
