#pragma once

#include <QMainWindow>

#include <memory>

namespace Ui {
class MainWindow;
}

namespace dedup::widgets {

// The console's main window: menus, status bar and saved window state. The views arrive
// as the console grows; this class only arranges them.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Which store the console is attached to, for the status bar (no password in it).
    void setStoreDescription(const QString &description);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void showAbout();

    std::unique_ptr<Ui::MainWindow> m_ui;
};

} // namespace dedup::widgets
