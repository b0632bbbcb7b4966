import Foundation

/// Reads an `.xcodeproj`: per native target and build configuration the Swift settings (with
/// xcconfig files), and which source files the target compiles (Sources build phases and
/// Xcode 16 synchronized folders). `OpenStepPlist` reads the old-style plist of
/// `project.pbxproj`; Foundation's `PropertyListSerialization` reads what it does not.
enum XcodeProjectReader {
    /// The configuration reported when a target has it.
    static let preferredConfiguration = "Debug"

    /// Reads the project at `bundle`; every file and folder it looks at goes through `inputs`.
    static func read(projectAt bundle: String, inputs: ProjectInputs = ProjectInputs()) -> ProjectContribution {
        var contribution = ProjectContribution(directory: (bundle as NSString).deletingLastPathComponent)
        let pbxproj = bundle + "/project.pbxproj"
        guard let data = inputs.contents(atPath: pbxproj) else {
            contribution.notes.append("\(pbxproj): cannot read this Xcode project; its files get plain Swift 6 settings")
            return contribution
        }
        let plist: Any
        do {
            plist = try (try? OpenStepPlist.parse(data)) ?? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            contribution.notes.append("\(pbxproj): not a property list (\((error as NSError).localizedDescription)); its files get plain Swift 6 settings")
            return contribution
        }
        guard let root = plist as? [String: Any], let objects = root["objects"] as? [String: [String: Any]],
              let rootID = root["rootObject"] as? String, let project = objects[rootID] else {
            contribution.notes.append("\(pbxproj): no root object; its files get plain Swift 6 settings")
            return contribution
        }
        let text = String(decoding: data, as: UTF8.self)
        var reader = Reader(bundle: bundle, pbxproj: pbxproj, objects: objects, project: project,
                            lines: PBXLineIndex(text: text, ids: Set(objects.keys)), inputs: inputs,
                            projectFormat: XcodeCompilerEvidence.projectFormat(of: root, text: text))
        reader.read(into: &contribution)
        return contribution
    }

    /// Walks one project's object graph; paths and lines are computed once and remembered.
    private struct Reader {
        let bundle: String
        let pbxproj: String
        let objects: [String: [String: Any]]
        let project: [String: Any]
        let lines: PBXLineIndex
        let projectDirectory: String
        let projectName: String
        let inputs: ProjectInputs
        /// The lower bound the project's format sets on the Xcode that builds it.
        let projectFormat: CompilerVersion?
        /// A setting only a newer Xcode writes, in any configuration of the project: the Xcode
        /// that wrote it builds every target.
        let projectSettings: CompilerVersion?
        let xcconfigs: XCConfigReader
        private var parents: [String: String] = [:]
        private var locations: [String: String?] = [:]
        private var notes: [String] = []

        init(bundle: String, pbxproj: String, objects: [String: [String: Any]], project: [String: Any], lines: PBXLineIndex,
             inputs: ProjectInputs, projectFormat: CompilerVersion?) {
            self.inputs = inputs
            self.projectFormat = projectFormat
            projectSettings = XcodeCompilerEvidence.projectSettings(objects: objects, lines: lines)
            xcconfigs = XCConfigReader(inputs: inputs)
            self.bundle = bundle
            self.pbxproj = pbxproj
            self.objects = objects
            self.project = project
            self.lines = lines
            let container = (bundle as NSString).deletingLastPathComponent
            let projectDirPath = project["projectDirPath"] as? String ?? ""
            projectDirectory = StandardPath.resolve(projectDirPath.isEmpty ? "." : projectDirPath, in: container)
            projectName = ((bundle as NSString).lastPathComponent as NSString).deletingPathExtension
            for (id, object) in objects {
                for child in object["children"] as? [String] ?? [] { parents[child] = id }
            }
        }

        mutating func read(into contribution: inout ProjectContribution) {
            let pinned = CompilerVersion.pinned(from: contribution.directory, inputs: inputs)
            let projectConfigurations = configurations(of: project)
            var owners: [String: [String]] = [:] // synchronized group → targets that list it
            var moduleOfTarget: [String: Int] = [:]
            var targetOrder: [String] = []

            for targetID in project["targets"] as? [String] ?? [] {
                guard let target = objects[targetID], target["isa"] as? String == "PBXNativeTarget" else { continue }
                let name = target["name"] as? String ?? targetID
                let productType = (target["productType"] as? String).map { $0.replacingOccurrences(of: "com.apple.product-type.", with: "") }
                let kind = Self.kind(ofProductType: target["productType"] as? String)
                let sourceFiles = sources(of: target)
                let groups = target["fileSystemSynchronizedGroups"] as? [String] ?? []
                let hasSwift = sourceFiles.contains { $0.hasSuffix(".swift") } || !groups.isEmpty

                var all: [String: ModuleSettings] = [:]
                let targetConfigurations = configurations(of: target)
                for (configuration, configID) in targetConfigurations {
                    var settings = XcodeBuildSettings(configuration: configuration)
                    settings.builtins = [
                        "TARGET_NAME": name, "PRODUCT_NAME": name, "PROJECT_NAME": projectName,
                        "SRCROOT": projectDirectory, "PROJECT_DIR": projectDirectory, "SOURCE_ROOT": projectDirectory,
                        "CONFIGURATION": configuration,
                    ]
                    if let projectConfigID = projectConfigurations.first(where: { $0.name == configuration })?.id {
                        settings.apply(layers(ofConfiguration: projectConfigID))
                    }
                    settings.apply(layers(ofConfiguration: configID))
                    var builder = ModuleSettingsBuilder(ModuleSettings(
                        name: name, kind: kind, languageMode: 5,
                        compiler: CompilerVersion.strongest([pinned, projectFormat, XcodeCompilerEvidence.xcodeOnlySettings(in: settings), projectSettings]),
                        productType: productType, extensionPoint: extensionPoint(of: settings),
                        provenance: "matched to target '\(name)' (\(kind.rawValue)) of the Xcode project \(bundle), \(configuration) configuration",
                        configuration: configuration, projectPath: bundle))
                    // Where a missing setting of this target would be added.
                    if let line = lines.line(ofKey: "buildSettings", inObject: configID) {
                        builder.settings.origins[ModuleSettings.targetSetting] = SettingOrigin(path: pbxproj, line: line.number, text: line.text)
                    } else if let start = lines.start(of: configID) {
                        builder.settings.origins[ModuleSettings.targetSetting] = SettingOrigin(
                            path: pbxproj, line: start, text: "\(configuration) configuration of target '\(name)'")
                    }
                    // The target's own xcconfig, where a setting for this target alone may go.
                    if let path = objects[configID].flatMap({ baseConfigurationPath($0) }) {
                        builder.settings.origins[ModuleSettings.xcconfigSetting] = SettingOrigin(
                            path: path, line: 1, text: (path as NSString).lastPathComponent)
                    }
                    XcodeSettingsInterpreter.apply(settings, target: name, hasSwiftSources: hasSwift, to: &builder)
                    all[configuration] = builder.settings
                    for note in builder.notes where !contribution.notes.contains(note) { contribution.notes.append(note) }
                }
                if all.isEmpty {
                    contribution.notes.append("\(pbxproj): target '\(name)' has no build configuration; its files get plain Swift 6 settings")
                    continue
                }
                let reported = all[XcodeProjectReader.preferredConfiguration]
                    ?? defaultConfiguration(of: target).flatMap { all[$0] }
                    ?? all[targetConfigurations[0].name]!
                let module = contribution.add(reported, configurations: all)
                moduleOfTarget[targetID] = module
                targetOrder.append(targetID)
                for file in sourceFiles where contribution.files[file] == nil {
                    contribution.files[file] = module
                }
                for group in groups { owners[group, default: []].append(targetID) }
            }

            for (group, targets) in owners.sorted(by: { $0.key < $1.key }) {
                guard let directory = location(of: group) else {
                    contribution.notes.append("\(pbxproj): the folder of synchronized group \(group) cannot be located")
                    continue
                }
                contribution.roots[directory] = moduleOfTarget[targets[0]]
                if targets.count > 1 {
                    let names = targets.map { objects[$0]?["name"] as? String ?? $0 }
                    contribution.notes.append("\(directory): folder compiled into targets \(names.joined(separator: ", ")); its files are reported with '\(names[0])'")
                }
            }
            applyExceptions(owners: owners, moduleOfTarget: moduleOfTarget, order: targetOrder, into: &contribution)
            for note in notes + xcconfigs.notes where !contribution.notes.contains(note) { contribution.notes.append(note) }
        }

        /// `PBXFileSystemSynchronizedBuildFileExceptionSet`: for a target that has the folder, the
        /// listed files are left out of it; for a target that does not, they are added to it.
        private mutating func applyExceptions(owners: [String: [String]], moduleOfTarget: [String: Int], order: [String],
                                              into contribution: inout ProjectContribution) {
            for (groupID, group) in objects.sorted(by: { $0.key < $1.key })
            where group["isa"] as? String == "PBXFileSystemSynchronizedRootGroup" {
                guard let directory = location(of: groupID) else { continue }
                let groupOwners = owners[groupID] ?? []
                var excluded: [String: Set<String>] = [:] // file → owner targets that leave it out
                var added: [String: [String]] = [:]       // file → other targets that take it in
                for exceptionID in group["exceptions"] as? [String] ?? [] {
                    guard let exception = objects[exceptionID],
                          exception["isa"] as? String == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                          let target = exception["target"] as? String else { continue }
                    for relative in exception["membershipExceptions"] as? [String] ?? [] {
                        let file = StandardPath.resolve(relative, in: directory)
                        if groupOwners.contains(target) {
                            excluded[file, default: []].insert(target)
                        } else {
                            added[file, default: []].append(target)
                        }
                    }
                }
                for file in Set(excluded.keys).union(added.keys).sorted() {
                    let members = order.filter {
                        (groupOwners.contains($0) && !(excluded[file]?.contains($0) ?? false)) || (added[file]?.contains($0) ?? false)
                    }
                    let module: Int
                    if let first = members.first, let index = moduleOfTarget[first] {
                        module = index
                        if members.count > 1 {
                            let names = members.map { objects[$0]?["name"] as? String ?? $0 }
                            contribution.notes.append("\(file): compiled into targets \(names.joined(separator: ", ")); reported with '\(names[0])'")
                        }
                    } else {
                        let names = excluded[file, default: []].compactMap { objects[$0]?["name"] as? String }.sorted()
                        module = contribution.addUncompiled(
                            "in the synchronized folder \(directory) of the Xcode project \(bundle) but left out of target \(names.map { "'\($0)'" }.joined(separator: ", ")) by a membership exception, so no target compiles it; plain Swift 6 module assumed",
                            projectPath: bundle)
                    }
                    if inputs.kind(atPath: file) == .directory {
                        contribution.roots[file] = module
                    } else {
                        contribution.files[file] = module
                    }
                }
            }
        }

        // MARK: Build configurations

        private func configurations(of owner: [String: Any]) -> [(name: String, id: String)] {
            guard let listID = owner["buildConfigurationList"] as? String,
                  let ids = objects[listID]?["buildConfigurations"] as? [String] else { return [] }
            return ids.compactMap { id in (objects[id]?["name"] as? String).map { ($0, id) } }
        }

        private func defaultConfiguration(of owner: [String: Any]) -> String? {
            (owner["buildConfigurationList"] as? String).flatMap { objects[$0]?["defaultConfigurationName"] as? String }
        }

        /// The xcconfig of a configuration, then its own build settings.
        private mutating func layers(ofConfiguration id: String) -> [BuildSettingAssignment] {
            guard let configuration = objects[id] else { return [] }
            var result: [BuildSettingAssignment] = []
            if let path = baseConfigurationPath(configuration) {
                if inputs.fileExists(atPath: path) {
                    result += xcconfigs.assignments(of: path)
                } else {
                    notes.append("\(pbxproj): the xcconfig \(path) of configuration '\(configuration["name"] as? String ?? id)' does not exist")
                }
            }
            let settings = configuration["buildSettings"] as? [String: Any] ?? [:]
            for (rawKey, rawValue) in settings.sorted(by: { $0.key < $1.key }) {
                guard let (key, conditions) = BuildSettingAssignment.parseKey(rawKey) else { continue }
                let value: String
                if let list = rawValue as? [String] {
                    value = list.joined(separator: " ")
                } else if let text = rawValue as? String {
                    value = text
                } else {
                    continue
                }
                let line = lines.line(ofKey: rawKey, inObject: id)
                result.append(BuildSettingAssignment(
                    key: key, conditions: conditions, value: value,
                    origin: SettingOrigin(path: pbxproj, line: line?.number ?? lines.start(of: id) ?? 1,
                                          text: line?.text ?? "\(rawKey) = \(value);")))
            }
            return result
        }

        /// `baseConfigurationReference`, or the Xcode 16 form for an xcconfig inside a
        /// synchronized folder: an anchor group and a path relative to it.
        private mutating func baseConfigurationPath(_ configuration: [String: Any]) -> String? {
            if let reference = configuration["baseConfigurationReference"] as? String {
                return location(of: reference)
            }
            if let anchor = configuration["baseConfigurationReferenceAnchor"] as? String,
               let relative = configuration["baseConfigurationReferenceRelativePath"] as? String,
               let directory = location(of: anchor) {
                return StandardPath.resolve(relative, in: directory)
            }
            return nil
        }

        // MARK: Files

        /// Absolute paths of the files in a target's Sources build phases.
        private mutating func sources(of target: [String: Any]) -> [String] {
            var result: [String] = []
            for phaseID in target["buildPhases"] as? [String] ?? [] {
                guard let phase = objects[phaseID], phase["isa"] as? String == "PBXSourcesBuildPhase" else { continue }
                for buildFileID in phase["files"] as? [String] ?? [] {
                    guard let reference = objects[buildFileID]?["fileRef"] as? String,
                          let path = location(of: reference) else { continue }
                    result.append(path)
                }
            }
            return result
        }

        /// The absolute path of a file reference or group, from its `sourceTree` and its parents.
        /// nil for build products and SDK files, which are not the user's sources.
        private mutating func location(of id: String) -> String? {
            if let known = locations[id] { return known }
            guard let object = objects[id] else { return nil }
            let path = object["path"] as? String
            var resolved: String?
            switch object["sourceTree"] as? String ?? "<group>" {
            case "<group>":
                // The main group has no parent: it stands for the project directory.
                let base = parents[id] == nil ? projectDirectory : location(of: parents[id]!)
                if let base { resolved = path.map { StandardPath.resolve($0, in: base) } ?? base }
            case "SOURCE_ROOT":
                resolved = StandardPath.resolve(path ?? ".", in: projectDirectory)
            case "<absolute>":
                resolved = path.map { StandardPath.resolve($0, in: "/") }
            default:
                resolved = nil
            }
            locations[id] = .some(resolved)
            return resolved
        }

        // MARK: Kinds and versions

        static func kind(ofProductType type: String?) -> TargetKind {
            guard let type else { return .unknown }
            let name = type.replacingOccurrences(of: "com.apple.product-type.", with: "")
            if name == "application" || name.hasPrefix("application.") || name.hasSuffix("extension") {
                // App extensions (widgets, share sheets) run UI code like apps do.
                return .app
            }
            if name.hasPrefix("framework") || name.hasPrefix("library.") { return .library }
            if name.hasPrefix("bundle.unit-test") || name.hasPrefix("bundle.ui-testing") { return .test }
            if name == "tool" || name == "xpc-service" { return .executable }
            return .unknown
        }

        /// The extension point an app extension's Info.plist names (`NSExtension` →
        /// `NSExtensionPointIdentifier`, or ExtensionKit's `EXAppExtensionAttributes` →
        /// `EXExtensionPointIdentifier`); nil when there is no readable Info.plist.
        func extensionPoint(of settings: XcodeBuildSettings) -> String? {
            guard let (file, _, _) = settings.value("INFOPLIST_FILE"), !file.isEmpty else { return nil }
            let path = StandardPath.resolve(file, in: projectDirectory)
            guard let data = inputs.contents(atPath: path),
                  let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: Any]
            else { return nil }
            for (container, key) in [("NSExtension", "NSExtensionPointIdentifier"), ("EXAppExtensionAttributes", "EXExtensionPointIdentifier")] {
                if let point = (plist[container] as? [String: Any])?[key] as? String { return point }
            }
            return nil
        }
    }
}
