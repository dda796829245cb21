extension SiteInfo {
    /// `assets/site.js`: what changes with every build (its time, how new the data is), kept out
    /// of the pages so that a page changes only when its own content does.
    public var script: [UInt8] {
        var fields = ["\"built\":\"\(UTCTime.iso(builtAt))\"", "\"builtText\":\"\(UTCTime.format(builtAt)) UTC\""]
        if let dataAsOf {
            fields += ["\"newest\":\"\(UTCTime.iso(dataAsOf))\"", "\"newestText\":\"\(UTCTime.format(dataAsOf)) UTC\""]
        }
        return Array("window.tallySite = {\(fields.joined(separator: ","))};\n".utf8)
    }
}
