/// Generates small Swift programs that combine the isolation sources of SPEC §1, with probes
/// whose acceptance by `swiftc -typecheck` proves where each context runs:
/// `__probeMain()` compiles only on the main actor, `__probeData()` only on `@DataActor`,
/// `self.__state = 1` only on the actor instance.
struct ProgramGenerator {
    struct Program {
        var seed: UInt64
        var defaultMainActor: Bool
        var nonsendingByDefault: Bool
        var files: [(name: String, text: String)]
        /// Probe id → the line of each probe statement in Program.swift.
        var probes: [Probe]
    }

    struct Probe {
        enum Kind: String { case main, data, actor }
        var context: Int
        var kind: Kind
        var line: Int
    }

    /// Declarations every program shares, in a second file so cross-file inference is exercised.
    static let bases = """
        import Dispatch
        @globalActor actor DataActor { static let shared = DataActor() }
        @MainActor func __probeMain() {}
        @DataActor func __probeData() {}
        @MainActor func __mainValue() -> Int { 0 }
        @MainActor class MainBase { init() {} }
        class PlainBase { init() {} }
        class MainChild: MainBase {}
        @MainActor protocol MainProto { func req() }
        protocol PlainProto { func req() }
        protocol RefinedMainProto: MainProto {}
        nonisolated protocol SendableProto: Sendable { func req() }

        """

    private var random: SplitMix
    private var lines: [String] = []
    private var probes: [Probe] = []
    private var contextCount = 0

    init(seed: UInt64) { random = SplitMix(seed: seed) }

    private mutating func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
    private mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

    /// Emits the probe statements of a new context, indented.
    private mutating func emitProbes(_ indent: String, actorProbe: Bool, valueOnly: Bool = false) {
        let context = contextCount
        contextCount += 1
        for kind in [Probe.Kind.main, .data] + (actorProbe ? [.actor] : []) {
            let statement: String
            switch kind {
            case .main: statement = "__probeMain()"
            case .data: statement = "__probeData()"
            case .actor: statement = "self.__state = 1"
            }
            lines.append("\(indent)\(statement)")
            probes.append(Probe(context: context, kind: kind, line: lines.count))
        }
    }

    enum TypeKind: String { case `class` = "final class", `struct`, `enum`, actor }

    mutating func generate(seed: UInt64) -> Program {
        let defaultMainActor = chance(35)
        let nonsending = chance(40)
        let kind = pick([TypeKind.class, .class, .struct, .enum, .actor])
        let isActor = kind == .actor
        var typeAttribute = pick(["", "", "@MainActor ", "@DataActor ", "nonisolated "])
        if isActor { typeAttribute = "" }
        var inheritance: [String] = []
        if kind == .class, typeAttribute.isEmpty || typeAttribute == "@MainActor " {
            let superclass = pick(["", "", "MainBase", "MainChild", "PlainBase"])
            if !superclass.isEmpty { inheritance.append(superclass) }
        }
        let conformanceInPrimary = !isActor && chance(30)
        let conformanceInExtension = !isActor && !conformanceInPrimary && chance(30)
        var proto = typeAttribute == "@DataActor " ? "PlainProto" : pick(["MainProto", "PlainProto", "RefinedMainProto"])
        // SE-0466 as amended: a `Sendable`-refining protocol in the primary declaration keeps a
        // value type out of default MainActor. Only where the conformance can be nonisolated.
        if conformanceInPrimary, kind == .struct || kind == .enum, typeAttribute.isEmpty || typeAttribute == "nonisolated ",
           chance(40) {
            proto = "SendableProto"
        }
        if conformanceInPrimary { inheritance.append(proto) }

        lines.append("import Dispatch")
        lines.append("\(typeAttribute)\(kind.rawValue) T\(inheritance.isEmpty ? "" : ": " + inheritance.joined(separator: ", ")) {")
        if isActor { lines.append("    var __state = 0") }
        if conformanceInPrimary { emitRequirement("    ", actorProbe: isActor, proto: proto) }
        let memberCount = 1 + Int(random.next() % 3)
        for index in 0..<memberCount { emitMember(index, indent: "    ", isActor: isActor, kind: kind) }
        // A deinit that overrides a main-actor base class's deinit is rejected by swiftc 6.3.
        if (kind == .class || isActor), inheritance.allSatisfy({ !$0.hasSuffix("Base") && !$0.hasSuffix("Child") }), chance(30) {
            lines.append("    deinit {")
            emitProbes("        ", actorProbe: false)
            lines.append("    }")
        }
        if !isActor, kind != .enum, chance(30) {
            lines.append("    var stored\(contextCount): Int = __mainValue()")
            probes.append(Probe(context: contextCount, kind: .main, line: lines.count))
            contextCount += 1
        }
        if chance(20) {
            // A nested type does not inherit its outer type's isolation.
            lines.append("    struct Nested {")
            emitMember(90, indent: "        ", isActor: false, kind: .struct)
            lines.append("    }")
        }
        lines.append("}")
        if chance(50) || conformanceInExtension {
            let extensionAttribute = pick(["", "", "", "@MainActor ", "nonisolated "])
            lines.append("\(extensionAttribute)extension T\(conformanceInExtension ? ": " + proto : "") {")
            if conformanceInExtension { emitRequirement("    ", actorProbe: false, proto: proto) }
            for index in 0..<(1 + Int(random.next() % 2)) { emitMember(50 + index, indent: "    ", isActor: isActor, kind: kind) }
            lines.append("}")
        }
        for index in 0..<Int(random.next() % 3) {
            let attribute = pick(["", "", "@MainActor ", "@DataActor ", "nonisolated ", "@concurrent ", "nonisolated(nonsending) "])
            let isAsync = attribute.contains("concurrent") || attribute.contains("nonsending") || chance(50)
            lines.append("\(attribute)func free\(index)()\(isAsync ? " async" : "") {")
            emitProbes("    ", actorProbe: false)
            emitClosures("    ", isActor: false, isAsync: isAsync)
            lines.append("}")
        }
        return Program(seed: seed, defaultMainActor: defaultMainActor, nonsendingByDefault: nonsending,
                       files: [("Program.swift", lines.joined(separator: "\n") + "\n"), ("Bases.swift", Self.bases)],
                       probes: probes)
    }

    private mutating func emitRequirement(_ indent: String, actorProbe: Bool, proto: String) {
        // Only a nonisolated witness can satisfy a nonisolated requirement without an isolated conformance.
        let attribute = proto == "PlainProto" ? "nonisolated "
            : proto == "SendableProto" ? pick(["", "nonisolated "]) : pick(["", "", "nonisolated ", "@MainActor "])
        lines.append("\(indent)\(attribute)func req() {")
        emitProbes(indent + "    ", actorProbe: actorProbe)
        lines.append("\(indent)}")
    }

    private mutating func emitMember(_ index: Int, indent: String, isActor: Bool, kind: TypeKind) {
        let inner = indent + "    "
        switch random.next() % 6 {
        case 0, 1:
            var attribute = pick(["", "", "", "@MainActor ", "@DataActor ", "nonisolated ", "@concurrent ", "nonisolated(nonsending) "])
            let isAsync = attribute.contains("concurrent") || attribute.contains("nonsending") || chance(50)
            if !isAsync, attribute.contains("(") { attribute = "" }
            let isStatic = chance(15)
            lines.append("\(indent)\(attribute)\(isStatic ? "static " : "")func m\(index)()\(isAsync ? " async" : "") {")
            let probesActor = isActor && !isStatic && attribute.isEmpty
            emitProbes(inner, actorProbe: probesActor)
            emitClosures(inner, isActor: probesActor, isAsync: isAsync)
            lines.append("\(indent)}")
        case 2:
            let attribute = pick(["", "", "@MainActor ", "nonisolated "])
            lines.append("\(indent)\(attribute)var c\(index): Int {")
            emitProbes(inner, actorProbe: isActor && attribute.isEmpty)
            lines.append("\(inner)return 0")
            lines.append("\(indent)}")
        case 3:
            lines.append("\(indent)func local\(index)() {")
            lines.append("\(inner)func helper() {")
            emitProbes(inner + "    ", actorProbe: isActor)
            lines.append("\(inner)}")
            lines.append("\(inner)helper()")
            lines.append("\(indent)}")
        default:
            lines.append("\(indent)func k\(index)() async {")
            emitClosures(inner, isActor: isActor, isAsync: true)
            lines.append("\(indent)}")
        }
    }

    /// One or two closures of the kinds the catalogue knows, each with probes.
    private mutating func emitClosures(_ indent: String, isActor: Bool, isAsync: Bool) {
        let inner = indent + "    "
        for _ in 0..<Int(random.next() % 3) {
            switch random.next() % 7 {
            case 0:
                // Whether the task captures self decides its isolation in an actor (SE-0420).
                let captures = isActor && chance(50)
                lines.append("\(indent)Task {")
                emitProbes(inner, actorProbe: captures)
                lines.append("\(indent)}")
            case 1:
                lines.append("\(indent)Task.detached {")
                emitProbes(inner, actorProbe: false)
                lines.append("\(indent)}")
            case 2:
                lines.append("\(indent)DispatchQueue.main.async {")
                emitProbes(inner, actorProbe: false)
                lines.append("\(indent)}")
            case 3:
                lines.append("\(indent)_ = [1].map { (value: Int) -> Int in")
                emitProbes(inner, actorProbe: isActor)
                lines.append("\(inner)return value")
                lines.append("\(indent)}")
            case 4:
                lines.append("\(indent)let mainClosure\(contextCount) = { @MainActor in")
                let name = "mainClosure\(contextCount)"
                emitProbes(inner, actorProbe: false)
                lines.append("\(indent)}")
                lines.append("\(indent)_ = \(name)")
            case 5:
                let name = "sendable\(contextCount)"
                lines.append("\(indent)let \(name): @Sendable () -> Void = {")
                emitProbes(inner, actorProbe: false)
                lines.append("\(indent)}")
                lines.append("\(indent)_ = \(name)")
            default:
                lines.append("\(indent)DispatchQueue.global().async {")
                emitProbes(inner, actorProbe: false)
                lines.append("\(indent)}")
            }
        }
    }
}

/// A small deterministic generator, so every program can be regenerated from its seed.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
