#pragma once

#include "core/ErrorClass.h"
#include "sim/Fault.h"
#include "sim/ProviderConfig.h"
#include "sim/SimulationCrashPoint.h"
#include "sim/Traffic.h"
#include "worker/WorkflowDefinition.h"

#include <QJsonObject>
#include <QLatin1String>
#include <QList>
#include <QString>
#include <QStringList>

namespace dedup::sim {

class SimulationProviders;

// The workflow names of the five scenarios (docs/SIMULATOR.md "The workflows"); they are
// `dedup.runs.workflow`.
namespace workflow {
inline constexpr QLatin1String LabResultsNotification{"lab-results-notification"};
inline constexpr QLatin1String AppointmentConfirmation{"appointment-confirmation"};
inline constexpr QLatin1String InvoicePaymentIntent{"invoice-payment-intent"};
inline constexpr QLatin1String AppointmentScheduling{"appointment-scheduling"};
inline constexpr QLatin1String LabSampleSync{"lab-sample-sync"};
} // namespace workflow

// One side effect of a workflow: the step's name in `dedup.steps` and the provider call.
struct WorkflowStepSpec {
    QString step;
    QString provider;
    QString operation;
};

// The outcome of calling every provider of a workflow in sequence (strategies that do not
// track steps): the refs so far, and the first failure.
struct CollapsedOutcome {
    bool ok = false;
    QJsonObject refs; // step -> provider ref, for the calls that succeeded
    core::ErrorClass errorClass = core::ErrorClass::Unknown;
    QString message;
    bool crashed = false; // the process died after a provider call (SimulationCrashPoint)
};

// The automations of the five scenarios, over the simulated providers:
//
//   lab-results-notification  send_message (messaging)
//   appointment-confirmation  update_status (scheduling) -> send_confirmation (messaging)
//   invoice-payment-intent    draft_invoice (invoicing) -> create_payment_intent (payments)
//   appointment-scheduling    book_appointment (scheduling)
//   lab-sample-sync           update_lab_record (records)
//
// and the intents they receive, with keys from stable identifiers only
// (docs/SIMULATOR.md "The workflows").
class ScenarioWorkflows {
public:
    // The appointment-confirmation webhook updates the appointment's status in the scheduling
    // system before it sends the message; the scheduling system has no such operation by
    // default (SimNames.h), so the simulator's configuration adds it.
    static constexpr QLatin1String UpdateAppointmentStatus{"update_appointment_status"};

    static QStringList names();
    static bool isKnown(const QString &workflow) { return names().contains(workflow); }
    static QString version() { return QStringLiteral("1"); }
    static QList<WorkflowStepSpec> steps(const QString &workflow);

    // The providers as the workflows use them, each with `rates`. Different from the bare
    // ProviderConfig defaults in two places: scheduling also accepts status updates, and the
    // lab record system honours downstream keys (a lab record update keyed by the sample is an
    // upsert: the second one with the same key changes nothing). Messaging and invoicing do
    // not deduplicate: an uncertain message or draft must go to a person, never be resent.
    static QList<ProviderConfig> providerConfigs(const FaultRates &rates = {});

    // Intents (keys from the stable identifiers of the articles' cases).
    static TrafficIntent labResults(const QString &patientId, const QString &reportId);
    static TrafficIntent appointmentConfirmation(const QString &eventId, const QString &patientId,
                                                 const QString &statusType);
    static TrafficIntent invoicePayment(const QString &patientId, const QString &billingPeriod,
                                        const QString &invoiceType, int amountCents);
    static TrafficIntent appointmentBooking(const QString &patientId, const QString &clinicianId,
                                            const QString &slot);
    static TrafficIntent labSample(const QString &sampleId, const QString &runDate);
    // The n-th generated intent of `workflow` (n >= 0): distinct for every n.
    static TrafficIntent intent(const QString &workflow, int n);
    // The ledger's intent name carried in a request payload.
    static QString intentIdOf(const QJsonObject &payload);

    // The workflow with one tracked step per provider call; steps whose provider honours
    // downstream keys are marked so (the worker then sends a key and may re-execute them when
    // uncertain). The step functions call `providers` and report to `crash`; both must outlive
    // the definition.
    static worker::WorkflowDefinition
    tracked(const QString &workflow, SimulationProviders &providers, SimulationCrashPoint &crash);
    // Every provider call of `workflow` in sequence, without downstream keys; stops at the
    // first failure or at the crash point.
    static CollapsedOutcome callAll(const QString &workflow, SimulationProviders &providers,
                                    const QJsonObject &payload, SimulationCrashPoint &crash);
};

} // namespace dedup::sim
