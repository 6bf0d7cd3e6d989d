#pragma once

#include "store/TlsState.h"
#include "widgets/WarningLabel.h"

namespace dedup::widgets {

// How the attached store's connection is protected, in the status bar: "TLS 1.3, server
// CN=db.example", "Not encrypted (local socket)", or a warning in bold and the warning colour
// when the connection crosses the network unencrypted or without verifying the server
// (sslmode weaker than verify-full). The tooltip has protocol, cipher, the certificate's
// subject, names and issuer. Server-supplied text is shown as plain text only.
class TlsStatusLabel : public WarningLabel {
    Q_OBJECT

public:
    explicit TlsStatusLabel(QWidget *parent = nullptr);

    // Shows `state`; hidden when it is not known (a report built by hand).
    void showState(const store::TlsState &state);
    void clearState();
};

} // namespace dedup::widgets
