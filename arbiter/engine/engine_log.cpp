#include "engine/engine_log.hpp"

#include "core/quote.hpp"

#include <chrono>
#include <cstdio>
#include <ctime>

namespace arb::engine {

void EngineLog::set_sink(Sink sink) {
    std::lock_guard lock(mutex_);
    sink_ = std::move(sink);
}

void EngineLog::write(const std::string &engine, UgiEngine::Traffic direction, std::string_view line) {
    auto now = std::chrono::system_clock::now();
    auto micros = std::chrono::duration_cast<std::chrono::microseconds>(now.time_since_epoch()).count();
    std::time_t seconds = static_cast<std::time_t>(micros / 1000000);
    std::tm utc{};
    ::gmtime_r(&seconds, &utc);
    char stamp[96];  // room for any int the format could get
    std::snprintf(stamp, sizeof stamp, "%04d-%02d-%02dT%02d:%02d:%02d.%06dZ ", utc.tm_year + 1900, utc.tm_mon + 1,
                  utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec, static_cast<int>(micros % 1000000));
    std::lock_guard lock(mutex_);
    if (!sink_) return;
    line_.assign(stamp);
    line_ += engine;
    line_ += ' ';
    line_ += UgiEngine::traffic_marker(direction);
    line_ += ' ';
    line_ += escaped(line);  // an engine's line can hold terminal escapes; the log is read with tail -f
    line_ += '\n';
    sink_(line_);
}

UgiEngine::TrafficLog EngineLog::traffic_log(std::shared_ptr<EngineLog> log) {
    return [log = std::move(log)](const std::string &engine, UgiEngine::Traffic direction, std::string_view line) {
        log->write(engine, direction, line);
    };
}

}  // namespace arb::engine
