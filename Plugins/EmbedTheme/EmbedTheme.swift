import Foundation
import PackagePlugin

/// Embeds the package's `templates/` folder into the Tally library as Swift source, so the default
/// theme travels inside the `tally` binary and `templates/` stays its only copy.
@main
struct EmbedTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let themeFolder = context.package.directoryURL.appending(path: "templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultTheme+Files.swift")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: themeFolder, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                inputs.append(url)
            }
        }
        return [
            .buildCommand(
                displayName: "Embedding the default theme from templates/",
                executable: try context.tool(named: "ThemeEmbedder").url,
                arguments: [themeFolder.path(), output.path()],
                inputFiles: inputs.sorted { $0.path() < $1.path() },
                outputFiles: [output]
            )
        ]
    }
}
