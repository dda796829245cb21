import ArgumentParser

/// A source's options on `tally import` (`--term`), as one swift-argument-parser group: the
/// registry's `SourceImportOptions` holds one per source that has any.
public protocol ImportOptionGroup: ParsableArguments {
    /// What was given, as the importer's options (`ImportOptions`) read them; unset options absent.
    var values: [String: String] { get }
}

/// Lets `SourceImportOptions` collect its groups' values without naming them.
protocol ImportOptionValues {
    var importValues: [String: String] { get }
}

extension OptionGroup: ImportOptionValues where Value: ImportOptionGroup {
    var importValues: [String: String] { wrappedValue.values }
}

extension ParsableArguments {
    /// The values of every `ImportOptionGroup` this holds as an `@OptionGroup`, merged.
    func importValues() -> [String: String] {
        var values: [String: String] = [:]
        for child in Mirror(reflecting: self).children {
            guard let group = child.value as? any ImportOptionValues else { continue }
            values.merge(group.importValues) { _, last in last }
        }
        return values
    }
}
