/// Finds and reads the projects (Package.swift, Xcode projects) that contain the checked paths.
public enum ProjectLoader {
    public static func load(for paths: [String]) -> ProjectModel {
        ProjectModel()
    }
}
