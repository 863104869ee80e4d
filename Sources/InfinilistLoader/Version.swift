/// The program's version, in one place so that `--version` and the HTTP `User-Agent` agree.
public enum InfinilistVersion {
    public static let string = "0.1.0"
}
