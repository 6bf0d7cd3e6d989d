#include "sim/ScenarioWorkflows.h"

#include "sim/SimNames.h"
#include "sim/SimulationProviders.h"

namespace dedup::sim {

namespace {

using Field = core::IdempotencyKey::Field;

// An intent whose key is derived from exactly `fields`; its payload carries the same fields
// (plus `extra`) and the ledger's intent name.
TrafficIntent makeIntent(QLatin1String workflowName, const QString &scope,
                         const QList<Field> &fields, const QJsonObject &extra = {},
                         const QString &keyVersion = QStringLiteral("v1")) {
    TrafficIntent made;
    made.workflow = workflowName;
    QStringList idParts{workflowName};
    QJsonObject payload = extra;
    for (const Field &field : fields) {
        idParts << field.value;
        payload.insert(field.name, field.value);
    }
    made.id = idParts.join(QLatin1Char('/'));
    payload.insert(QStringLiteral("intent"), made.id);
    made.intent.scope = scope;
    made.intent.keyFields = fields;
    made.intent.keyVersion = keyVersion;
    made.intent.payload = payload;
    made.intent.correlationId = QStringLiteral("corr-") + made.id;
    return made;
}

ProviderRequest requestFor(const WorkflowStepSpec &spec, const QJsonObject &payload,
                           const QString &downstreamKey) {
    ProviderRequest request;
    request.operation = spec.operation;
    request.intent = ScenarioWorkflows::intentIdOf(payload);
    if (!downstreamKey.isEmpty())
        request.downstreamKey = downstreamKey;
    request.payload = payload;
    return request;
}

} // namespace

QStringList ScenarioWorkflows::names() {
    return {workflow::LabResultsNotification, workflow::AppointmentConfirmation,
            workflow::InvoicePaymentIntent, workflow::AppointmentScheduling,
            workflow::LabSampleSync};
}

QList<WorkflowStepSpec> ScenarioWorkflows::steps(const QString &workflowName) {
    if (workflowName == workflow::LabResultsNotification)
        return {{QStringLiteral("send_message"), provider::Messaging, operation::SendMessage}};
    if (workflowName == workflow::AppointmentConfirmation)
        return {{QStringLiteral("update_status"), provider::Scheduling, UpdateAppointmentStatus},
                {QStringLiteral("send_confirmation"), provider::Messaging,
                 operation::SendConfirmation}};
    if (workflowName == workflow::InvoicePaymentIntent)
        return {{QStringLiteral("draft_invoice"), provider::Invoicing, operation::DraftInvoice},
                {QStringLiteral("create_payment_intent"), provider::Payments,
                 operation::CreatePaymentIntent}};
    if (workflowName == workflow::AppointmentScheduling)
        return {
            {QStringLiteral("book_appointment"), provider::Scheduling, operation::BookAppointment}};
    if (workflowName == workflow::LabSampleSync)
        return {
            {QStringLiteral("update_lab_record"), provider::Records, operation::UpdateLabRecord}};
    return {};
}

QList<ProviderConfig> ScenarioWorkflows::providerConfigs(const FaultRates &rates) {
    QList<ProviderConfig> configs{ProviderConfig::messaging(), ProviderConfig::invoicing(),
                                  ProviderConfig::payments(), ProviderConfig::records(),
                                  ProviderConfig::scheduling()};
    for (ProviderConfig &config : configs) {
        config.faults = rates;
        if (config.name == provider::Scheduling)
            config.operations << UpdateAppointmentStatus;
        if (config.name == provider::Records)
            config.honoursDownstreamKeys = true;
    }
    return configs;
}

TrafficIntent ScenarioWorkflows::labResults(const QString &patientId, const QString &reportId) {
    // "patientId + reportId + notificationType" (the lab results article).
    return makeIntent(workflow::LabResultsNotification, QStringLiteral("clinic-42/notifications"),
                      {{QStringLiteral("patientId"), patientId},
                       {QStringLiteral("reportId"), reportId},
                       {QStringLiteral("notificationType"), QStringLiteral("report_ready")}});
}

TrafficIntent ScenarioWorkflows::appointmentConfirmation(const QString &eventId,
                                                         const QString &patientId,
                                                         const QString &statusType) {
    // "eventId + patientId + statusType" (the webhook redelivery case).
    return makeIntent(workflow::AppointmentConfirmation,
                      QStringLiteral("clinic-42/scheduling-webhooks"),
                      {{QStringLiteral("eventId"), eventId},
                       {QStringLiteral("patientId"), patientId},
                       {QStringLiteral("statusType"), statusType}});
}

TrafficIntent ScenarioWorkflows::invoicePayment(const QString &patientId,
                                                const QString &billingPeriod,
                                                const QString &invoiceType, int amountCents) {
    // "patientId + billingPeriod + invoiceType" (the manual re-run case); the amount is
    // request data, part of the fingerprint, not of the key.
    return makeIntent(workflow::InvoicePaymentIntent, QStringLiteral("clinic-42/billing"),
                      {{QStringLiteral("patientId"), patientId},
                       {QStringLiteral("billingPeriod"), billingPeriod},
                       {QStringLiteral("invoiceType"), invoiceType}},
                      {{QStringLiteral("amountCents"), amountCents}});
}

TrafficIntent ScenarioWorkflows::appointmentBooking(const QString &patientId,
                                                    const QString &clinicianId,
                                                    const QString &slot) {
    // The user and the target resource in the key material; an edited slot is another key.
    return makeIntent(workflow::AppointmentScheduling, QStringLiteral("clinic-42/booking"),
                      {{QStringLiteral("patientId"), patientId},
                       {QStringLiteral("clinicianId"), clinicianId},
                       {QStringLiteral("slot"), slot}});
}

TrafficIntent ScenarioWorkflows::labSample(const QString &sampleId, const QString &runDate) {
    // "the sample ID and the integration run date", derivation pinned to "v1.3".
    return makeIntent(
        workflow::LabSampleSync, QStringLiteral("lab-integration/samples"),
        {{QStringLiteral("sampleId"), sampleId}, {QStringLiteral("runDate"), runDate}}, {},
        QStringLiteral("v1.3"));
}

TrafficIntent ScenarioWorkflows::intent(const QString &workflowName, int n) {
    const QString number = QString::number(n + 1).rightJustified(5, QLatin1Char('0'));
    if (workflowName == workflow::LabResultsNotification)
        return labResults(QStringLiteral("p-1%1").arg(number), QStringLiteral("r-%1").arg(number));
    if (workflowName == workflow::AppointmentConfirmation)
        return appointmentConfirmation(QStringLiteral("evt-%1").arg(number),
                                       QStringLiteral("p-2%1").arg(number),
                                       QStringLiteral("confirmed"));
    if (workflowName == workflow::InvoicePaymentIntent)
        return invoicePayment(QStringLiteral("p-3%1").arg(number),
                              QStringLiteral("2026-%1").arg(n % 12 + 1, 2, 10, QLatin1Char('0')),
                              QStringLiteral("monthly"), 1000 + (n * 37) % 9000);
    if (workflowName == workflow::AppointmentScheduling)
        return appointmentBooking(QStringLiteral("p-4%1").arg(number),
                                  QStringLiteral("dr-%1").arg(n % 9 + 1),
                                  QStringLiteral("2026-12-%1T%2:00")
                                      .arg(n % 28 + 1, 2, 10, QLatin1Char('0'))
                                      .arg(8 + n % 9, 2, 10, QLatin1Char('0')));
    if (workflowName == workflow::LabSampleSync)
        return labSample(QStringLiteral("S-%1").arg(number), QStringLiteral("2026-11-29"));
    return {};
}

QString ScenarioWorkflows::intentIdOf(const QJsonObject &payload) {
    return payload.value(QStringLiteral("intent")).toString();
}

worker::WorkflowDefinition ScenarioWorkflows::tracked(const QString &workflowName,
                                                      SimulationProviders &providers,
                                                      SimulationCrashPoint &crash) {
    worker::WorkflowDefinition definition;
    definition.name = workflowName;
    definition.version = version();
    for (const WorkflowStepSpec &spec : steps(workflowName)) {
        worker::StepDefinition step;
        step.name = spec.step;
        step.providerDeduplicates = providers.deduplicates(spec.provider);
        step.execute = [&providers, &crash, spec](const worker::StepCall &call) {
            const ProviderResult result =
                providers.call(spec.provider, requestFor(spec, call.payload, call.downstreamKey));
            // After a crash nothing this returns is recorded: the store connection is gone.
            crash.afterProviderCall();
            return result.ok ? worker::StepOutcome::success(result.ref)
                             : worker::StepOutcome::failure(result.errorClass, result.message);
        };
        definition.steps.append(step);
    }
    return definition;
}

CollapsedOutcome ScenarioWorkflows::callAll(const QString &workflowName,
                                            SimulationProviders &providers,
                                            const QJsonObject &payload,
                                            SimulationCrashPoint &crash) {
    CollapsedOutcome outcome;
    for (const WorkflowStepSpec &spec : steps(workflowName)) {
        const ProviderResult result = providers.call(spec.provider, requestFor(spec, payload, {}));
        if (crash.afterProviderCall()) {
            outcome.crashed = true;
            return outcome;
        }
        if (!result.ok) {
            outcome.errorClass = result.errorClass;
            outcome.message = result.message;
            return outcome;
        }
        outcome.refs.insert(spec.step, result.ref);
    }
    outcome.ok = true;
    return outcome;
}

} // namespace dedup::sim
