/// A build step failed; the site on disk is the previous one.
public struct BuildError: Error, CustomStringConvertible {
    public var step: String
    public var underlying: Error
    public var description: String { "build failed at \"\(step)\": \(underlying)" }
}
