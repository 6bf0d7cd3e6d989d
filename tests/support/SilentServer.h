#pragma once

#include <QString>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

// A loopback TCP port that accepts connections and never answers: a server that hangs, for
// checks that must not wait for it (connect_timeout bounds how long libpq does).
class SilentServer {
public:
    SilentServer() {
        m_fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t len = sizeof addr;
        if (::bind(m_fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) == 0 &&
            ::listen(m_fd, 8) == 0 &&
            ::getsockname(m_fd, reinterpret_cast<sockaddr *>(&addr), &len) == 0)
            m_port = ntohs(addr.sin_port);
    }
    ~SilentServer() { ::close(m_fd); }
    SilentServer(const SilentServer &) = delete;
    SilentServer &operator=(const SilentServer &) = delete;

    int port() const { return m_port; }
    // A conninfo for it, without TLS (libpq would try it first, and wait twice).
    QString conninfo(int connectTimeoutSeconds) const {
        return QStringLiteral(
                   "host=127.0.0.1 port=%1 dbname=x user=y sslmode=disable connect_timeout=%2")
            .arg(m_port)
            .arg(connectTimeoutSeconds);
    }

private:
    int m_fd = -1;
    int m_port = 0;
};
