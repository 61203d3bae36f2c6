/**
 * The protocol version string this package describes. Clients send it in
 * `InitializeParams.protocol_version`; the reference server echoes the
 * client's value back without validating it.
 */
export const PROTOCOL_VERSION = "1.0";
