#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

struct pg_conn;

namespace dedup::store {

// How an open connection is protected: TLS or not, the protocol and cipher, who the server's
// certificate says it is, and the sslmode it was asked for. Read once after connecting
// (ConnectionCheck) and shown in the console's status bar and the connection report.
//
// Subject, issuer and names come from the server: they are shown as plain text only, with
// control characters replaced (summary() and details() do that).
struct TlsState {
    Q_DECLARE_TR_FUNCTIONS(TlsState)

public:
    bool known = false;   // read from a connection (a report built by hand leaves it false)
    bool inUse = false;   // PQsslInUse
    QString protocol;     // as libpq reports it: "TLSv1.3"
    QString cipher;       // "TLS_AES_256_GCM_SHA384"
    QString subject;      // the server certificate's subject, RFC 2253: "CN=db.example,O=..."
    QString commonName;   // its CN, empty when it has none
    QString issuer;       // the issuer's name, RFC 2253
    QStringList dnsNames; // the certificate's subjectAltName DNS entries
    QString host;         // the host connected to (PQhost): a name, an address or a socket
    bool socket = false;  // a Unix socket
    bool local = false;   // a Unix socket or loopback (ConnectionProfile::isLocalHost)
    QString sslmode;      // the sslmode the connection was opened with

    // Reads the state of an open connection (OpenSSL's view through PQsslStruct).
    static TlsState read(pg_conn *conn);

    // "TLS 1.3" from "TLSv1.3".
    QString protocolText() const;
    // One line for the status bar: "TLS 1.3, server CN=db.example",
    // "TLS 1.3, server CN=db.example (not verified: sslmode=require)",
    // "Not encrypted (local socket)", "Not encrypted (loopback)" or
    // "Not encrypted: db.example is reached over the network (sslmode=prefer)".
    // Empty when not known.
    QString summary() const;
    // Several lines for a tooltip or a report: protocol, cipher, subject, issuer, names, sslmode.
    QString details() const;
    // The connection crosses the network without encryption, or without verifying the server's
    // certificate and name (sslmode weaker than verify-full).
    bool isWarning() const;
    // `text` from the server made safe to show: control characters replaced, at most `limit`
    // characters (an ellipsis marks the cut).
    static QString printable(const QString &text, int limit = 200);
};

} // namespace dedup::store
