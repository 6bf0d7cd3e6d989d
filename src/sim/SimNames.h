#pragma once

#include <QLatin1String>

// The names of the simulated providers and of their operations. They are written to
// `sim.ledger` (provider, operation) and used by scenarios and reports, so they are stable.
namespace dedup::sim {

namespace provider {
inline constexpr QLatin1String Messaging{"messaging"};
inline constexpr QLatin1String Invoicing{"invoicing"};
inline constexpr QLatin1String Payments{"payments"};
inline constexpr QLatin1String Records{"records"};
inline constexpr QLatin1String Scheduling{"scheduling"};
} // namespace provider

namespace operation {
inline constexpr QLatin1String SendMessage{"send_message"};                  // messaging
inline constexpr QLatin1String SendConfirmation{"send_confirmation"};        // messaging
inline constexpr QLatin1String DraftInvoice{"draft_invoice"};                // invoicing
inline constexpr QLatin1String CreatePaymentIntent{"create_payment_intent"}; // payments
inline constexpr QLatin1String UpdateLabRecord{"update_lab_record"};         // records
inline constexpr QLatin1String BookAppointment{"book_appointment"};          // scheduling
} // namespace operation

} // namespace dedup::sim
