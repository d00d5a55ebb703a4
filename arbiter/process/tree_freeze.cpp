#include "process/tree_freeze.hpp"

#include "process/proc_table.hpp"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <thread>
#include <unordered_map>
#include <vector>

namespace arb::process {

namespace {

using Clock = std::chrono::steady_clock;

bool is_stopped(char state) { return state == 'T' || state == 't'; }
bool is_dead(char state) { return state == 'Z' || state == 'X' || state == 'x' || state == 0; }

class Freezer {
public:
    Freezer(const TreeScope &scope, Clock::time_point deadline)
        : scope_(scope), deadline_(deadline), self_(::getpid()) {}

    void run() {
        if (scope_.leader > 0) {
            if (scope_.own_group) ::kill(-scope_.leader, SIGSTOP);
            ::kill(scope_.leader, SIGSTOP);
        }
        bool killing = false;
        bool previous_quiet = false;
        for (int pass = 0;; ++pass) {
            const int sig = killing ? SIGKILL : SIGSTOP;
            Pass seen = chase(sig);
            seen.merge(scan(sig));
            if (Clock::now() >= deadline_) {
                kill_all();
                reap_adopted();
                return;
            }
            // Quiet: nothing new, nothing moving, nothing that moved since the
            // last pass (a member that died running may have forked first).
            const bool quiet = !seen.found_new && !seen.running && !seen.died_running;
            if (!killing) {
                // Two quiet passes: the second listed /proc while every member
                // was stopped, so none could fork between its listing and reads.
                if (quiet && previous_quiet) {
                    kill_all();
                    killing = true;
                } else if (seen.running) {
                    pause(std::chrono::microseconds(pass < 20 ? 200 : 2000));
                }
                previous_quiet = quiet;
                continue;
            }
            // Killing: a member found now was not stopped first; it got
            // SIGKILL at once, and a pass after its death looks for what it
            // may have started meanwhile.
            reap_adopted();
            if (quiet && !seen.alive && !awaiting_parents()) return;
            pause(std::chrono::milliseconds(pass < 40 ? 1 : 10));
        }
    }

private:
    struct Member {
        pid_t ppid = 0;
        char state = 0;  // as last seen; 0: gone
    };
    struct Pass {
        bool found_new = false;     // a member (alive or a zombie) not seen before
        bool running = false;       // a member alive and not stopped
        bool alive = false;         // a member not dead yet (running or stopped)
        bool died_running = false;  // a member last seen running is dead or gone now

        void merge(const Pass &later) {
            found_new |= later.found_new;
            running |= later.running;
            alive = later.alive;  // as the later look saw them
            died_running |= later.died_running;
        }
    };

    // A member seen in the last pass. One that is gone may have had its pid
    // reused by an unrelated process.
    bool present(pid_t pid) const {
        auto it = members_.find(pid);
        return it != members_.end() && it->second.state != 0;
    }

    bool belongs(const ProcEntry &p) const {
        if (p.pid == self_) return false;
        if (present(p.pid) || present(p.ppid)) return true;
        if (scope_.leader > 0 && (p.pid == scope_.leader || (scope_.own_group && p.pgrp == scope_.leader))) return true;
        if (p.ppid != self_ || scope_.is_own_child(p.pid)) return false;
        // An orphan adopted here: ours unless it is in another child's group.
        return (scope_.leader > 0 && p.pgrp == scope_.leader) || !scope_.is_other_group(p.pgrp);
    }

    // One pass over /proc, newest pid first (a process that moves on gets a
    // newer pid, so it is read soonest after the listing). Newest is not
    // highest once pids wrap (at 32768 by default): the head of a hopping
    // chain, read last behind thousands of zombies, would move on before
    // every read, pass after pass, until the deadline. Each member found
    // alive and not stopped gets `sig` at once; each zombie adopted here is
    // reaped (see take()).
    Pass scan(int sig) {
        Pass pass;
        std::vector<pid_t> pids = list_pids();
        sort_newest_first(pids);
        std::vector<ProcEntry> others;  // not members (yet): a parent may be found later in the pass
        std::unordered_map<pid_t, bool> seen;
        auto take = [&](const ProcEntry &p) {
            seen[p.pid] = true;
            this->take(p, sig, pass);
        };
        for (pid_t pid : pids) {
            ProcEntry entry;
            if (!read_proc_entry(pid, entry)) continue;
            if (belongs(entry)) take(entry);
            else others.push_back(entry);
        }
        // Children read before their parents (older pids) were found.
        for (bool grew = true; grew;) {
            grew = false;
            for (auto &p : others)
                if (p.pid != 0 && belongs(p)) {
                    take(p);
                    p.pid = 0;
                    grew = true;
                }
        }
        for (auto &[pid, member] : members_) {
            if (seen.count(pid) || member.state == 0) continue;
            if (!is_dead(member.state) && !is_stopped(member.state)) pass.died_running = true;
            member.state = 0;  // gone (reaped by its parent, or by us)
        }
        return pass;
    }

    // Records a member as read now; stops (or kills) it if it runs, and reaps
    // it if it is a zombie adopted here (not the leader, nor another child
    // this process owns): zombies left for later made every pass longer
    // (thousands of them after a second of hopping) and used up the pids.
    // True if it is new or was running.
    bool take(const ProcEntry &p, int sig, Pass &pass) {
        auto [it, inserted] = members_.try_emplace(p.pid);
        if (inserted) order_.push_back(p.pid);
        const char before = it->second.state;
        const bool fresh = before == 0;  // new, or a pid seen gone before and in use again
        if (fresh) pass.found_new = true;
        it->second = {p.ppid, p.state};
        if (!is_dead(p.state)) {
            pass.alive = true;
            if (is_stopped(p.state)) return fresh;
            ::kill(p.pid, sig);
            pass.running = true;
            return true;
        }
        if (!fresh && !is_dead(before) && !is_stopped(before)) pass.died_running = true;
        if (p.ppid == self_ && p.pid != scope_.leader && !scope_.is_own_child(p.pid) && reap(p.pid))
            it->second.state = 0;  // its pid is free now: whoever gets it next is no member
        return fresh;
    }

    // Reads only the pids handed out since the last look (at most
    // kChaseWindow, newest first) and stops the members among them at once;
    // again while a round finds a member new or running, for up to
    // kChaseTime. A hopping chain's live head is the newest pid or close to
    // it: read microseconds after it was given, it is still alive, and a
    // process stopped is stopped for good (its fork, if under way, ends with
    // the child in the tree, found from it in the next round). A pid given
    // but not in /proc yet (its fork is not done) is looked at again in the
    // next two rounds.
    Pass chase(int sig) {
        Pass pass;
        const long max = pid_max();
        const auto until = std::min(deadline_, Clock::now() + kChaseTime);
        for (int round = 0; round < kChaseRounds && Clock::now() < until; ++round, ++chase_round_) {
            const long last = last_pid_given();
            if (last <= 0 || max <= 0) break;
            if (chased_to_ == 0) chased_to_ = (last - 64 + max) % max;
            std::vector<pid_t> pids = pids_given_since(chased_to_, last, max, kChaseWindow);
            chased_to_ = last;
            pids.insert(pids.end(), unseen_.begin(), unseen_.end());
            unseen_.clear();
            bool found = false;
            std::vector<ProcEntry> others;
            for (pid_t pid : pids) {
                ProcEntry entry;
                if (!read_proc_entry(pid, entry)) {
                    // Given but not in /proc yet (its fork is not done), or gone:
                    // looked at again in the next two rounds.
                    auto [at, first] = unseen_since_.try_emplace(pid, chase_round_);
                    if (first || at->second + 2 > chase_round_) unseen_.push_back(pid);
                    else unseen_since_.erase(at);
                    continue;
                }
                unseen_since_.erase(pid);
                // Given since the last look: a new process, whatever had this
                // pid before (a member's zombie reaped by its parent) is gone.
                if (auto known = members_.find(pid); known != members_.end()) known->second.state = 0;
                if (belongs(entry)) found |= take(entry, sig, pass);
                else if (!is_dead(entry.state)) others.push_back(entry);
            }
            // Children read before their parents (older pids) were found.
            for (bool grew = true; grew;) {
                grew = false;
                for (auto &p : others)
                    if (p.pid != 0 && belongs(p)) {
                        found |= take(p, sig, pass);
                        p.pid = 0;
                        grew = true;
                    }
            }
            if (!found && unseen_.empty()) break;
        }
        return pass;
    }

    bool reap(pid_t pid) {
        int status = 0;
        const pid_t r = ::waitpid(pid, &status, WNOHANG);
        return r == pid || (r < 0 && errno == ECHILD);
    }

    // In the reverse of the order found (newer processes first), then the group.
    void kill_all() {
        for (auto it = order_.rbegin(); it != order_.rend(); ++it)
            if (!is_dead(members_[*it].state)) ::kill(*it, SIGKILL);
        if (scope_.leader > 0) {
            if (scope_.own_group) ::kill(-scope_.leader, SIGKILL);
            ::kill(scope_.leader, SIGKILL);
        }
    }

    // Reaps the members that are zombies adopted here (the leader is its
    // owner's to reap).
    void reap_adopted() {
        for (auto &[pid, member] : members_) {
            if (member.ppid != self_ || member.state == 0 || pid == scope_.leader || scope_.is_own_child(pid)) continue;
            int status = 0;
            pid_t r = ::waitpid(pid, &status, WNOHANG);
            if (r == pid || (r < 0 && errno == ECHILD)) member.state = 0;
        }
    }

    // A member that is a zombie of another member still dying is handed here
    // only when that parent is gone: wait for it, or nobody reaps it.
    bool awaiting_parents() const {
        for (const auto &[pid, member] : members_) {
            if (member.state == 0 || pid == scope_.leader) continue;
            if (member.ppid == self_ && !scope_.is_own_child(pid)) return true;  // not reaped yet
            auto parent = members_.find(member.ppid);
            if (is_dead(member.state) && parent != members_.end() && parent->second.state != 0) return true;
        }
        return false;
    }

    void pause(Clock::duration wanted) const {
        auto now = Clock::now();
        if (now < deadline_) std::this_thread::sleep_for(std::min<Clock::duration>(wanted, deadline_ - now));
    }

    const TreeScope &scope_;
    const Clock::time_point deadline_;
    const pid_t self_;
    std::unordered_map<pid_t, Member> members_;
    std::vector<pid_t> order_;  // as found
    long chased_to_ = 0;                            // the last pid given when the chase last looked
    std::vector<pid_t> unseen_;                     // given but not in /proc when the chase looked
    std::unordered_map<pid_t, long> unseen_since_;  // the chase round each was first missed in
    long chase_round_ = 0;
    static constexpr int kChaseRounds = 64;
    static constexpr std::chrono::milliseconds kChaseTime{10};
    static constexpr size_t kChaseWindow = 512;
};

}  // namespace

void freeze_and_kill(const TreeScope &scope, Clock::time_point deadline) { Freezer(scope, deadline).run(); }

}  // namespace arb::process
