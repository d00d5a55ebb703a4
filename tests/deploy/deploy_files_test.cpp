// The deployment files, checked offline: the Kubernetes manifests parse and
// hold what deploy/kubernetes/README.md promises (an Indexed Job whose shard
// count matches its completions, on a shared volume, and a merge Job, all
// named after the tournament), and deploy/Containerfile's build stage installs
// the build packages of scripts/install-deps.sh. (deploy/slurm is run for real
// by tests/slurm; the runtime stage's libraries are checked against ldd by
// runtime_image_test.sh, the manifests against the Kubernetes API schema by
// k8s_schema_check.py, run.sh against a scripted kubectl by k8s_run_test.sh.)
#include <catch2/catch.hpp>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

namespace fs = std::filesystem;

namespace {

const fs::path kSource = ARBITER_SOURCE_DIR;

std::string read(const fs::path &file) {
    std::ifstream in(file, std::ios::binary);
    REQUIRE(in);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::set<std::string> words(const std::string &text) {
    std::set<std::string> out;
    std::istringstream in(text);
    for (std::string w; in >> w;)
        if (w != "\\" && w[0] != '-') out.insert(w);
    return out;
}

// The build_packages=( ... ) list of the setup script, without comments.
std::set<std::string> setup_script_build_packages() {
    const std::string script = read(kSource / "scripts/install-deps.sh");
    const std::string head = "build_packages=(";
    const auto start = script.find(head);
    REQUIRE(start != std::string::npos);
    const auto end = script.find("\n)", start);
    REQUIRE(end != std::string::npos);
    std::string list = script.substr(start + head.size(), end - start - head.size());
    list = std::regex_replace(list, std::regex("#[^\n]*"), "");
    return words(list);
}

// The packages of the first apt-get install after `from` (a stage's FROM
// line), up to the next &&.
std::set<std::string> containerfile_packages(const std::string &from) {
    const std::string file = read(kSource / "deploy/Containerfile");
    const auto stage = file.find(from);
    REQUIRE(stage != std::string::npos);
    const auto start = file.find("apt-get install", stage);
    REQUIRE(start != std::string::npos);
    const auto end = file.find("&&", start);
    REQUIRE(end != std::string::npos);
    auto list = words(file.substr(start + 15, end - start - 15));
    return list;
}

YAML::Node container_of(const YAML::Node &job) { return job["spec"]["template"]["spec"]["containers"][0]; }

std::string command_text(const YAML::Node &container) {
    std::string text;
    for (const auto &part : container["command"]) text += part.as<std::string>() + " ";
    for (const auto &part : container["args"]) text += part.as<std::string>() + " ";
    return text;
}

std::string claim_mounted_at(const YAML::Node &job, const std::string &path) {
    const auto pod = job["spec"]["template"]["spec"];
    std::string volume;
    for (const auto &m : container_of(job)["volumeMounts"])
        if (m["mountPath"].as<std::string>() == path) volume = m["name"].as<std::string>();
    for (const auto &v : pod["volumes"])
        if (v["name"].as<std::string>() == volume && v["persistentVolumeClaim"])
            return v["persistentVolumeClaim"]["claimName"].as<std::string>();
    return "";
}

}  // namespace

TEST_CASE("the container image builds with the setup script's build packages and runs without them", "[deploy]") {
    const auto setup = setup_script_build_packages();
    const auto build_stage = containerfile_packages("FROM debian:12 AS build\n");
    const auto runtime_stage = containerfile_packages("FROM debian:12 AS runtime\n");
    CHECK(setup.count("g++") == 1);
    CHECK(setup.count("munge") == 0);     // test-only packages stay out of the build list
    CHECK(setup.count("chromium") == 0);
    CHECK(build_stage == setup);
    for (const auto &p : runtime_stage) {  // the runtime image has libraries, no tool chain
        INFO(p);
        CHECK(setup.count(p) == 0);
        CHECK(p.find("-dev") == std::string::npos);
    }
    const std::string file = read(kSource / "deploy/Containerfile");
    CHECK_THAT(file, Catch::StartsWith("#") && Catch::Contains("COPY --from=build /opt/arbiter /opt/arbiter"));
    // The build folder (with a CMake cache from another path) stays out of the context.
    for (const char *ignore : {".containerignore", ".dockerignore"}) {
        INFO(ignore);
        CHECK_THAT(read(kSource / ignore), Catch::Contains("build/"));
    }
}

TEST_CASE("the Kubernetes shards are an Indexed Job with --shards equal to its completions", "[deploy]") {
    const auto job = YAML::LoadFile((kSource / "deploy/kubernetes/shards-job.yaml").string());
    CHECK(job["apiVersion"].as<std::string>() == "batch/v1");
    CHECK(job["kind"].as<std::string>() == "Job");
    const auto spec = job["spec"];
    CHECK(spec["completionMode"].as<std::string>() == "Indexed");
    const int completions = spec["completions"].as<int>();
    CHECK(completions >= 1);
    CHECK(spec["parallelism"].as<int>() >= 1);
    CHECK(spec["parallelism"].as<int>() <= completions);
    const auto restart = spec["template"]["spec"]["restartPolicy"].as<std::string>();
    CHECK((restart == "OnFailure" || restart == "Never"));
    const std::string command = command_text(container_of(job));
    INFO(command);
    CHECK_THAT(command, Catch::Contains("arbiter run /config/tournament.yaml --shard auto --shards " +
                                       std::to_string(completions) + " --out"));
    CHECK_THAT(command, Catch::Contains("$((JOB_COMPLETION_INDEX + 1))"));  // shard-1 .. shard-N, as on SLURM
    CHECK_THAT(command, Catch::Contains("arbiter run --resume"));
    CHECK(claim_mounted_at(job, "/results") == "arbiter-results");
    // Named after the tournament (run.sh replaces TOURNAMENT), so a second
    // tournament on the volume never resumes the first one's shards.
    CHECK(job["metadata"]["name"].as<std::string>() == "arbiter-shards-TOURNAMENT");
    CHECK_THAT(command, Catch::Contains("out=/results/TOURNAMENT/shard-"));
    CHECK(job["spec"]["template"]["spec"]["volumes"][1]["configMap"]["name"].as<std::string>() ==
          "arbiter-config-TOURNAMENT");
    // The games played at once follow the CPUs the pod asks for.
    const auto container = container_of(job);
    CHECK_THAT(command, Catch::Contains("--concurrency \"$ARBITER_CONCURRENCY\"") && !Catch::Contains("--concurrency 1"));
    bool from_request = false;
    for (const auto &env : container["env"])
        if (env["name"].as<std::string>() == "ARBITER_CONCURRENCY")
            from_request = env["valueFrom"]["resourceFieldRef"]["resource"].as<std::string>() == "requests.cpu";
    CHECK(from_request);
    // A failing shard fails the Job soon; run.sh stops waiting then.
    CHECK(spec["backoffLimit"].as<int>() <= 4);
    // An SPRT: the pods meet in one folder of the shared volume, fresh or resumed.
    CHECK_THAT(command, Catch::Contains("grep -q '^sprt:' /config/tournament.yaml") &&
                            Catch::Contains("set -- --shared /results/TOURNAMENT/shared"));
    CHECK_THAT(command, Catch::Contains("--quiet \"$@\"\n") && Catch::Contains("--resume \"$out\""));
}

TEST_CASE("the Kubernetes merge Job merges the shards' folders from the same volume", "[deploy]") {
    const auto merge = YAML::LoadFile((kSource / "deploy/kubernetes/merge-job.yaml").string());
    const auto shards = YAML::LoadFile((kSource / "deploy/kubernetes/shards-job.yaml").string());
    const auto volume = YAML::LoadFile((kSource / "deploy/kubernetes/volume.yaml").string());
    CHECK(merge["kind"].as<std::string>() == "Job");
    CHECK_FALSE(merge["spec"]["completionMode"]);
    CHECK_THAT(command_text(container_of(merge)), Catch::Contains("arbiter merge --out /results/TOURNAMENT/merged /results/TOURNAMENT/shard-*"));
    CHECK(merge["metadata"]["name"].as<std::string>() == "arbiter-merge-TOURNAMENT");
    CHECK(container_of(merge)["image"].as<std::string>() == container_of(shards)["image"].as<std::string>());
    CHECK(claim_mounted_at(merge, "/results") == "arbiter-results");
    CHECK(volume["kind"].as<std::string>() == "PersistentVolumeClaim");
    CHECK(volume["metadata"]["name"].as<std::string>() == "arbiter-results");
    bool shared = false;
    for (const auto &mode : volume["spec"]["accessModes"]) shared |= mode.as<std::string>() == "ReadWriteMany";
    CHECK(shared);
    const std::string run = read(kSource / "deploy/kubernetes/run.sh");
    const auto wait = run.find("wait_for \"arbiter-shards-$name\"");
    REQUIRE(wait != std::string::npos);
    CHECK(run.find("render merge-job.yaml", wait) != std::string::npos);  // the merge only after the shards
    CHECK_THAT(read(kSource / "deploy/kubernetes/volume.yaml"), !Catch::Contains("change storageClassName"));
}

TEST_CASE("the SLURM scripts run shards as a job array and merge after all of them", "[deploy]") {
    const std::string submit = read(kSource / "deploy/slurm/submit.sh");
    CHECK_THAT(submit, Catch::Contains("--array=\"1-$count\""));
    CHECK_THAT(submit, Catch::Contains("--dependency=\"afterok:$array\""));
    CHECK_THAT(read(kSource / "deploy/slurm/shard.sbatch"), Catch::Contains("--shard auto"));
    CHECK_THAT(read(kSource / "deploy/slurm/merge.sbatch"), Catch::Contains("merge --out \"$ARBITER_OUT/merged\""));
}
