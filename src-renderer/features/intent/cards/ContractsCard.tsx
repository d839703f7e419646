import type { Intent } from '@contract/service'
import { Card, KV, hex, mono } from './parts'

/** Which protocol version and contracts the intent runs on; salts for address derivation. */
export function ContractsCard({ intent }: { intent: Intent }) {
  const c = intent.serviceContracts
  const o = intent.originChainId
  const overrides = intent.quoteRequest?.options?.serviceAddressOverrides
  return (
    <Card id="contracts" title="Contracts and protocol version">
      <KV
        label="Contracts"
        rows={[
          ['Protocol version', intent.serviceVersion],
          // Sent by the deployed service only (`v1` / `v1.5`); the row is left out otherwise.
          ['Intent protocol', intent.intentProtocol],
          ['Intent entrypoint', hex(c?.serviceIntentEntrypointAddress, 'address', o)],
          ['Router', hex(c?.serviceRouterAddress, 'address', o)],
          ['Router shim', hex(c?.serviceRouterShimAddress, 'address', o)],
          ['Utils', hex(c?.serviceUtilsAddress, 'address', o)],
          ['Salt', mono(intent.salt)],
          ['Destination salt', mono(intent.destinationSalt)],
        ]}
      />
      {overrides ? (
        <KV
          title="Wallet address overrides"
          rows={[
            ['Wallet factory', hex(overrides.walletFactoryAddress, 'address', o)],
            ['Main module', hex(overrides.walletMainModuleAddress, 'address', o)],
            ['Upgradable main module', hex(overrides.walletMainModuleUpgradableAddress, 'address', o)],
            ['Guest module', hex(overrides.walletGuestModuleAddress, 'address', o)],
            ['Wallet utils', hex(overrides.walletUtilsAddress, 'address', o)],
          ]}
        />
      ) : null}
    </Card>
  )
}
