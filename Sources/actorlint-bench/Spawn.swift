import Foundation

/// A child process run to completion (or killed at a deadline), with its own resource usage:
/// `wait4` reports one child's CPU time, which the parent's own numbers and `RUSAGE_CHILDREN`
/// (summed over all children so far) cannot separate. Not its peak memory: Linux counts in a
/// child's `ru_maxrss` the peak of the memory it ran in before `exec`, which after
/// `posix_spawn` (a vfork) is this process's.
struct ChildResult {
    var wall: Double
    var userCPU: Double
    var systemCPU: Double
    /// The child's own peak (`VmHWM`), read while it runs: the last reading, taken at most 20 ms
    /// before it exits. Only with a `timeout` (which polls); 0 otherwise.
    var polledPeakRSSBytes: Int
    /// Exit status, or nil when it died of a signal or was killed.
    var exitCode: Int32?
    var signal: Int32?
    var timedOut: Bool
    var cpu: Double { userCPU + systemCPU }
}

enum Spawn {
    static func run(_ executable: String, _ arguments: [String], stdout: String = "/dev/null", stderr: String = "/dev/null",
                    timeout: Double? = nil) -> ChildResult {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = Date()
        let status = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard status == 0 else {
            FileHandle.standardError.write(Data("bench: cannot start \(executable): \(String(cString: strerror(status)))\n".utf8))
            return ChildResult(wall: 0, userCPU: 0, systemCPU: 0, polledPeakRSSBytes: 0, exitCode: nil, signal: nil, timedOut: false)
        }
        var usage = rusage()
        var waitStatus: Int32 = 0
        var timedOut = false
        var peak = 0
        while true {
            if timeout != nil { peak = max(peak, peakRSS(of: "\(pid)")) }
            let done = wait4(pid, &waitStatus, timeout == nil ? 0 : WNOHANG, &usage)
            if done == pid { break }
            if done < 0 && errno != EINTR { break }
            if let timeout, Date().timeIntervalSince(start) > timeout, !timedOut {
                // Only this child, which we started.
                kill(pid, SIGKILL)
                timedOut = true
            }
            if timeout != nil { usleep(20_000) }
        }
        let wall = Date().timeIntervalSince(start)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        let exited = waitStatus & 0x7F == 0
        return ChildResult(wall: wall, userCPU: seconds(usage.ru_utime), systemCPU: seconds(usage.ru_stime),
                           polledPeakRSSBytes: peak,
                           exitCode: exited ? (waitStatus >> 8) & 0xFF : nil,
                           signal: exited ? nil : waitStatus & 0x7F, timedOut: timedOut)
    }

    /// The first executable named `name` on PATH.
    static func which(_ name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// A process's peak resident memory so far, from /proc (VmHWM), in bytes: this process's
    /// by default. 0 when it cannot be read (the process has ended).
    static func peakRSS(of process: String = "self") -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kilobytes = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) } ?? 0
            return kilobytes * 1024
        }
        return 0
    }
}
