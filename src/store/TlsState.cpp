#include "store/TlsState.h"

#include "store/ConnectionProfile.h"

#include <libpq-fe.h>
#include <memory>
#include <openssl/bio.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

namespace dedup::store {

namespace {

// Every OpenSSL object this file obtains with a reference of its own is released by one of
// these; X509_get_subject_name() and friends return pointers into the certificate instead.
struct X509Free {
    void operator()(X509 *cert) const { X509_free(cert); }
};
struct BioFree {
    void operator()(BIO *bio) const { BIO_free(bio); }
};
struct NamesFree {
    void operator()(GENERAL_NAMES *names) const { GENERAL_NAMES_free(names); }
};
struct OpenSslFree {
    void operator()(unsigned char *bytes) const { OPENSSL_free(bytes); }
};
struct OptionsFree {
    void operator()(PQconninfoOption *options) const { PQconninfoFree(options); }
};

QString nameText(const X509_NAME *name) {
    if (!name)
        return {};
    const std::unique_ptr<BIO, BioFree> bio(BIO_new(BIO_s_mem()));
    if (!bio)
        return {};
    // RFC 2253 with its escapes for control characters, but UTF-8 kept as UTF-8.
    if (X509_NAME_print_ex(bio.get(), name, 0, XN_FLAG_RFC2253 & ~ASN1_STRFLGS_ESC_MSB) < 0)
        return {};
    char *data = nullptr;
    const long size = BIO_get_mem_data(bio.get(), &data);
    return size > 0 ? QString::fromUtf8(data, qsizetype(size)) : QString();
}

QString asn1Text(const ASN1_STRING *value) {
    unsigned char *raw = nullptr;
    const int size = ASN1_STRING_to_UTF8(&raw, value);
    const std::unique_ptr<unsigned char, OpenSslFree> owned(raw);
    return size > 0 ? QString::fromUtf8(reinterpret_cast<const char *>(raw), size) : QString();
}

QString commonNameOf(const X509_NAME *name) {
    if (!name)
        return {};
    // The last CN is the most specific one, as libpq's own name check takes it.
    int index = -1;
    for (int next = -1; (next = X509_NAME_get_index_by_NID(name, NID_commonName, next)) >= 0;)
        index = next;
    if (index < 0)
        return {};
    return asn1Text(X509_NAME_ENTRY_get_data(X509_NAME_get_entry(name, index)));
}

QStringList dnsNamesOf(const X509 *cert) {
    QStringList result;
    const std::unique_ptr<GENERAL_NAMES, NamesFree> names(static_cast<GENERAL_NAMES *>(
        X509_get_ext_d2i(cert, NID_subject_alt_name, nullptr, nullptr)));
    if (!names)
        return result;
    for (int i = 0; i < sk_GENERAL_NAME_num(names.get()); ++i) {
        const GENERAL_NAME *entry = sk_GENERAL_NAME_value(names.get(), i);
        if (entry->type == GEN_DNS)
            result << asn1Text(entry->d.dNSName);
    }
    return result;
}

QString optionOf(pg_conn *conn, const char *keyword) {
    const std::unique_ptr<PQconninfoOption, OptionsFree> options(PQconninfo(conn));
    for (const PQconninfoOption *option = options.get(); option && option->keyword; ++option) {
        if (qstrcmp(option->keyword, keyword) == 0)
            return option->val ? QString::fromUtf8(option->val) : QString();
    }
    return {};
}

} // namespace

TlsState TlsState::read(pg_conn *conn) {
    TlsState state;
    if (!conn || PQstatus(conn) != CONNECTION_OK)
        return state;
    state.known = true;
    state.host = QString::fromUtf8(PQhost(conn));
    state.socket = state.host.isEmpty() || state.host.startsWith(QLatin1Char('/')) ||
                   state.host.startsWith(QLatin1Char('@'));
    // The address actually connected to counts as well: host=db.example hostaddr=10.0.0.5.
    const QString address = QString::fromUtf8(PQhostaddr(conn));
    state.local = state.socket || (ConnectionProfile::isLocalHost(state.host) &&
                                   (address.isEmpty() || ConnectionProfile::isLocalHost(address)));
    state.sslmode = optionOf(conn, "sslmode");
    state.inUse = PQsslInUse(conn) == 1;
    if (!state.inUse)
        return state;
    state.protocol = QString::fromUtf8(PQsslAttribute(conn, "protocol"));
    state.cipher = QString::fromUtf8(PQsslAttribute(conn, "cipher"));
    auto *ssl = static_cast<SSL *>(PQsslStruct(conn, "OpenSSL"));
    if (!ssl)
        return state;
    const std::unique_ptr<X509, X509Free> cert(SSL_get1_peer_certificate(ssl));
    if (!cert)
        return state;
    state.subject = nameText(X509_get_subject_name(cert.get()));
    state.commonName = commonNameOf(X509_get_subject_name(cert.get()));
    state.issuer = nameText(X509_get_issuer_name(cert.get()));
    state.dnsNames = dnsNamesOf(cert.get());
    return state;
}

QString TlsState::printable(const QString &text, int limit) {
    QString result;
    result.reserve(qMin<qsizetype>(text.size(), limit + 1));
    for (const QChar c : text) {
        const QChar::Category category = c.category();
        const bool control = category == QChar::Other_Control || category == QChar::Other_Format ||
                             category == QChar::Separator_Line ||
                             category == QChar::Separator_Paragraph;
        result += control ? QChar(QChar::ReplacementCharacter) : c;
    }
    if (result.size() > limit)
        result = result.left(limit) + QChar(0x2026);
    return result;
}

QString TlsState::protocolText() const {
    QString text = protocol;
    if (text.startsWith(u"TLSv"))
        text = QStringLiteral("TLS ") + text.mid(4);
    return printable(text, 20);
}

QString TlsState::summary() const {
    if (!known)
        return {};
    if (!inUse) {
        if (socket)
            return tr("Not encrypted (local socket)");
        if (local)
            return tr("Not encrypted (loopback)");
        return tr("Not encrypted: %1 is reached over the network (sslmode=%2)")
            .arg(printable(host, 64), sslmode);
    }
    const QString server = !commonName.isEmpty() ? QStringLiteral("CN=") + printable(commonName, 64)
                           : !subject.isEmpty()  ? printable(subject, 64)
                                                 : tr("without a certificate");
    QString text = tr("%1, server %2").arg(protocolText(), server);
    if (sslmode == u"verify-ca")
        text += QLatin1Char(' ') + tr("(host name not checked: sslmode=verify-ca)");
    else if (sslmode != u"verify-full")
        text += QLatin1Char(' ') + tr("(not verified: sslmode=%1)").arg(sslmode);
    return text;
}

QString TlsState::details() const {
    if (!known)
        return {};
    QStringList lines;
    lines << tr("Host: %1").arg(host.isEmpty() ? tr("local socket") : printable(host));
    lines << tr("sslmode: %1").arg(sslmode);
    if (inUse) {
        lines << tr("Protocol: %1, cipher %2").arg(protocolText(), printable(cipher, 64));
        if (!subject.isEmpty())
            lines << tr("Server certificate: %1").arg(printable(subject));
        if (!dnsNames.isEmpty()) {
            QStringList names;
            for (const QString &name : dnsNames)
                names << printable(name, 100);
            lines << tr("Names: %1").arg(names.join(QStringLiteral(", ")));
        }
        if (!issuer.isEmpty())
            lines << tr("Issued by: %1").arg(printable(issuer));
    } else {
        lines << tr("Not encrypted");
    }
    if (isWarning())
        lines << (inUse ? tr("The server's identity is not fully verified: someone on the "
                             "network could pose as it. Use sslmode=verify-full.")
                        : tr("Passwords and data cross the network in plain text. Use "
                             "sslmode=verify-full."));
    return lines.join(QLatin1Char('\n'));
}

bool TlsState::isWarning() const {
    return known && !local && (!inUse || sslmode != u"verify-full");
}

} // namespace dedup::store
