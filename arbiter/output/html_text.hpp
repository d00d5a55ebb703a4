// Text made safe for HTML: element content and attribute values.
#pragma once

#include <string>
#include <string_view>

namespace arb::output {

// &, <, >, " and ' as entities.
std::string html_escape(std::string_view text);

}  // namespace arb::output
