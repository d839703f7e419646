import type { Mechanics } from '@contract/service'
import { Amount } from '../../../components/Amount'
import { ExternalLink } from '../../../components/ExternalLink'
import { JsonView } from '../../../components/JsonView'
import { periodLabel, tokenLabel } from '../markets/marketText'
import { yesNo } from '../../../lib/format'
import { ArgumentsTable } from './ArgumentsTable'
import { Card } from './Fields'

const POSSIBLE_FEES = [['depositFee', 'deposit'], ['managementFee', 'management'], ['performanceFee', 'performance'], ['validatorRebates', 'validator rebates']] as const

/** How entering and leaving the market works: periods, fees, limits, requirements, arguments. */
export function MechanicsCard({ mechanics: m }: { mechanics: Mechanics | undefined }) {
  const fees = m?.possibleFeeTakingMechanisms
  return (
    <>
      <Card
        title="Mechanics"
        fields={[
          ['Type', m?.type],
          ['Reward schedule', m?.rewardSchedule],
          ['Reward claiming', m?.rewardClaiming],
          ['Gas fee token', m?.gasFeeToken ? tokenLabel(m.gasFeeToken) : undefined],
          ['Validator selection required', yesNo(m?.requiresValidatorSelection)],
          ['Lockup period', periodLabel(m?.lockupPeriod)],
          ['Cooldown period', periodLabel(m?.cooldownPeriod)],
          ['Warmup period', periodLabel(m?.warmupPeriod)],
          ['Deposit fee', m?.fee?.deposit],
          ['Withdrawal fee', m?.fee?.withdrawal],
          ['Management fee', m?.fee?.management],
          ['Performance fee', m?.fee?.performance],
          ['Entry minimum', m?.entryLimits?.minimum !== undefined ? <Amount raw={m.entryLimits.minimum} copyable /> : undefined],
          ['Entry maximum', m?.entryLimits?.maximum !== undefined ? <Amount raw={m.entryLimits.maximum} copyable /> : undefined],
          ['KYC required', yesNo(m?.requirements?.kycRequired)],
          ['KYC link', m?.requirements?.kycUrl ? <ExternalLink href={m.requirements.kycUrl} /> : undefined],
          ['Ledger wallet API', yesNo(m?.supportsLedgerWalletApi)],
          ['Extra transaction formats', m?.extraTransactionFormatsSupported?.join(', ')],
          ['Possible fees', fees ? POSSIBLE_FEES.flatMap(([key, label]) => (fees[key] ? [label] : [])).join(', ') || 'None' : undefined],
        ]}
      />
      <Card title="Arguments">
        <ArgumentsTable title="Enter" schema={m?.arguments?.enter} />
        <ArgumentsTable title="Exit" schema={m?.arguments?.exit} />
        <ArgumentsTable title="Balance" schema={m?.arguments?.balance} />
        <div className="yield-args">
          <h3>Manage</h3>
          {m?.arguments?.manage !== undefined ? <JsonView value={m.arguments.manage} label="Manage arguments" /> : <p className="muted">Not given.</p>}
        </div>
      </Card>
    </>
  )
}
