#include "engine/engine_log.hpp"

#include "core/quote.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>

namespace arb::engine {

Expected<std::shared_ptr<EngineLog>> EngineLog::open(const std::string &path) {
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0) return fail("cannot open the engine log " + quote(path) + ": " + std::strerror(errno));
    return std::shared_ptr<EngineLog>(new EngineLog(fd));
}

EngineLog::~EngineLog() { ::close(fd_); }

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
    line_.assign(stamp);
    line_ += engine;
    line_ += ' ';
    line_ += UgiEngine::traffic_marker(direction);
    line_ += ' ';
    line_ += escaped(line);  // an engine's line can hold terminal escapes; the log is read with tail -f
    line_ += '\n';
    for (size_t done = 0; done < line_.size();) {
        ssize_t n = ::write(fd_, line_.data() + done, line_.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;  // a full disk loses log lines, never the run
        done += static_cast<size_t>(n);
    }
}

UgiEngine::TrafficLog EngineLog::traffic_log(std::shared_ptr<EngineLog> log) {
    return [log = std::move(log)](const std::string &engine, UgiEngine::Traffic direction, std::string_view line) {
        log->write(engine, direction, line);
    };
}

Expected<UgiEngine::TrafficLog> EngineLog::open_traffic_log(const std::string &path) {
    if (path.empty()) return UgiEngine::TrafficLog{};
    auto log = open(path);
    if (!log) return Unexpected<Error>{std::move(log).error()};
    return traffic_log(std::move(*log));
}

}  // namespace arb::engine
