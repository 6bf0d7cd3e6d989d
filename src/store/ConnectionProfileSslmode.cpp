// ConnectionProfile: which sslmode a conninfo connects with (the default for network hosts).
#include "store/ConnectionProfile.h"

#include <QDir>
#include <QFile>

#include <arpa/inet.h>
#include <netinet/in.h>

namespace dedup::store {

namespace {

QString valueIn(const QList<ConnectionProfile::Option> &options, const QString &key) {
    for (const auto &[optionKey, value] : options) {
        if (optionKey == key)
            return value;
    }
    return {};
}

// The entry `service` of one pg_service.conf, as libpq reads it: "[name]" starts a section,
// "key=value" lines belong to it, "#" starts a comment line. nullopt when the file has no
// such section (or cannot be read).
std::optional<QList<ConnectionProfile::Option>> readServiceFile(const QString &path,
                                                                const QString &service) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return std::nullopt;
    std::optional<QList<ConnectionProfile::Option>> found;
    while (!file.atEnd()) {
        const QString line = QString::fromUtf8(file.readLine()).trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        if (line.startsWith(QLatin1Char('['))) {
            if (found)
                break; // the next section: libpq stops here too
            const qsizetype close = line.indexOf(QLatin1Char(']'));
            if (close > 0 && line.mid(1, close - 1) == service)
                found.emplace();
            continue;
        }
        const qsizetype equals = line.indexOf(QLatin1Char('='));
        if (found && equals > 0)
            found->append({line.left(equals).trimmed(), line.mid(equals + 1).trimmed()});
    }
    return found;
}

// The options pg_service.conf gives `service`, from the files libpq reads and in its order:
// PGSERVICEFILE or ~/.pg_service.conf, then PGSYSCONFDIR's (or the compiled-in directory's)
// pg_service.conf. Empty when the service is defined nowhere: libpq then refuses to connect.
QList<ConnectionProfile::Option> serviceOptions(const QString &service) {
    const QString userFile = qEnvironmentVariableIsEmpty("PGSERVICEFILE")
                                 ? QDir::homePath() + QStringLiteral("/.pg_service.conf")
                                 : qEnvironmentVariable("PGSERVICEFILE");
    const QString systemDir = qEnvironmentVariableIsEmpty("PGSYSCONFDIR")
                                  ? QStringLiteral(DEDUP_PG_SYSCONFDIR)
                                  : qEnvironmentVariable("PGSYSCONFDIR");
    for (const QString &path : {userFile, systemDir + QStringLiteral("/pg_service.conf")}) {
        if (auto options = readServiceFile(path, service))
            return *options;
    }
    return {};
}

} // namespace

bool ConnectionProfile::isLocalHost(const QString &host) {
    const QString name = host.trimmed();
    if (name.startsWith(QLatin1Char('/')) || name.startsWith(QLatin1Char('@')))
        return true; // a Unix socket directory, or an abstract socket (libpq's "@name")
    if (name.compare(u"localhost", Qt::CaseInsensitive) == 0)
        return true;
    const QByteArray text = name.toLatin1();
    in_addr v4{};
    if (inet_pton(AF_INET, text.constData(), &v4) == 1)
        return (ntohl(v4.s_addr) >> 24) == 127;
    in6_addr v6{};
    if (inet_pton(AF_INET6, text.constData(), &v6) == 1)
        return IN6_IS_ADDR_LOOPBACK(&v6) || (IN6_IS_ADDR_V4MAPPED(&v6) && v6.s6_addr[12] == 127);
    return false; // a name: it may resolve to anything
}

namespace {

// A conninfo's options with libpq's precedence applied for the keys below: the conninfo's
// own, then its service's entry in pg_service.conf, then the environment.
class Resolved {
public:
    explicit Resolved(const QString &conninfo)
        : m_written(
              ConnectionProfile::parse(conninfo).value_or(QList<ConnectionProfile::Option>{})) {
        QString serviceName = valueIn(m_written, QStringLiteral("service"));
        if (serviceName.isEmpty())
            serviceName = qEnvironmentVariable("PGSERVICE");
        if (!serviceName.isEmpty())
            m_service = serviceOptions(serviceName);
    }
    QString value(const QString &key, const char *variable) const {
        QString result = valueIn(m_written, key);
        if (result.isEmpty())
            result = valueIn(m_service, key);
        if (result.isEmpty())
            result = qEnvironmentVariable(variable);
        return result;
    }

private:
    QList<ConnectionProfile::Option> m_written;
    QList<ConnectionProfile::Option> m_service;
};

bool anyNetworkHost(const Resolved &resolved) {
    // Conservative: a target counts as this machine only when both its name and its address
    // (when given) are local. host=db.example hostaddr=127.0.0.1 is a network name.
    const QStringList hosts =
        resolved.value(QStringLiteral("host"), "PGHOST").split(QLatin1Char(','));
    const QStringList addresses =
        resolved.value(QStringLiteral("hostaddr"), "PGHOSTADDR").split(QLatin1Char(','));
    for (qsizetype i = 0; i < qMax(hosts.size(), addresses.size()); ++i) {
        const QString host = i < hosts.size() ? hosts.at(i).trimmed() : QString();
        const QString address = i < addresses.size() ? addresses.at(i).trimmed() : QString();
        // Both empty: libpq's default Unix socket.
        if ((!host.isEmpty() && !ConnectionProfile::isLocalHost(host)) ||
            (!address.isEmpty() && !ConnectionProfile::isLocalHost(address)))
            return true;
    }
    return false;
}

} // namespace

bool ConnectionProfile::reachesNetwork(const QString &conninfo) {
    return anyNetworkHost(Resolved(conninfo));
}

ConnectionProfile::EffectiveSslmode ConnectionProfile::effectiveSslmode(const QString &conninfo) {
    const Resolved resolved(conninfo);
    const QString mode = resolved.value(QStringLiteral("sslmode"), "PGSSLMODE");
    if (!mode.isEmpty())
        return {mode, SslmodeSource::Explicit};
    if (anyNetworkHost(resolved))
        return {QStringLiteral("verify-full"), SslmodeSource::NetworkDefault};
    return {QStringLiteral("prefer"), SslmodeSource::LocalDefault};
}

} // namespace dedup::store
