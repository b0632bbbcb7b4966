extension LintSession {
    /// The modules of a run by name and by Xcode project, so resolving a module's imports is a
    /// few dictionary look-ups: filtering every module for every module's imports was quadratic,
    /// 0.3 s of CPU over SwiftPM's thousand fixture modules.
    struct ModuleCatalog {
        private var byName: [String: [ModuleSlot]] = [:]
        private var byXcodeProject: [String: [ModuleSlot]] = [:]
        private var position: [ObjectIdentifier: Int] = [:]

        init(_ modules: [ModuleSlot]) {
            for (index, module) in modules.enumerated() {
                position[ObjectIdentifier(module)] = index
                byName[module.settings.name, default: []].append(module)
                if let project = module.settings.projectPath, project.hasSuffix(".xcodeproj") {
                    byXcodeProject[project, default: []].append(module)
                }
            }
        }

        /// The modules `module` sees besides itself, in run order: those `imports` names (of
        /// several with a name, targets of different projects, those of `module`'s project if
        /// any), and the other targets of its Xcode project, which often compile the same files
        /// (an app for iOS and for macOS, its extensions) while actorlint puts each file in one target.
        func resolve(_ imports: Set<String>, of module: ModuleSlot) -> [ModuleSlot] {
            let project = module.settings.projectPath
            var found: [ModuleSlot] = []
            for name in imports {
                let candidates = (byName[name] ?? []).filter { $0 !== module }
                let sameProject = candidates.filter { $0.settings.projectPath == project }
                found += sameProject.isEmpty ? candidates : sameProject
            }
            if let project { found += (byXcodeProject[project] ?? []).filter { $0 !== module } }
            var seen: Set<ObjectIdentifier> = []
            return found.filter { seen.insert(ObjectIdentifier($0)).inserted }
                .sorted { position[ObjectIdentifier($0)]! < position[ObjectIdentifier($1)]! }
        }

        /// Where `module` is in the run's order.
        func position(of module: ModuleSlot) -> Int { position[ObjectIdentifier(module)]! }
    }
}
