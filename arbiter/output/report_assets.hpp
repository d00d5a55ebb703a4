// The stylesheet and script of report.html, embedded at build time from
// arbiter/output/report/report.{css,js} (see embed_assets.cmake there).
#pragma once

namespace arb::output {

extern const char *const kReportCss;
extern const char *const kReportJs;

}  // namespace arb::output
