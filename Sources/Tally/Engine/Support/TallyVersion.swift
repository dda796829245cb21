/// The version `tally --version` prints.
public enum TallyVersion {
    public static let current = "0.2.0"
}
