// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {IAccount, UserOperation} from "aa-contracts-06/interfaces/IAccount.sol";
import {ECDSA} from "solady/utils/ECDSA.sol";
import {ModularAccountCalls} from "./ModularAccountCalls.sol";
import {MultiOwnerPlugin} from "./MultiOwnerPlugin.sol";

/// Sigil's stand-in for a MultiOwnerModularAccount (MA v1, EntryPoint v0.6): not an ERC-6900 account, but
/// ABI- and signature-compatible for what the SDK does with one. Owners live in the MultiOwnerPlugin, keyed by
/// this account.
/// - user operation signature: an owner's EIP-191 signature of the userOpHash (65 bytes);
/// - ERC-1271: an owner's signature of the EIP-712 `AlchemyModularAccountMessage(bytes message)` digest in the
///   plugin's domain for this account, `message` being the 32-byte hash;
/// - `updateOwners` and `eip712Domain` are answered as the plugin's execution functions would be;
/// - `getInstalledPlugins` (the account loupe) lists the MultiOwnerPlugin.
/// Deployed behind ERC-1967 proxies by MultiOwnerModularAccountFactory; its constructor state is immutables only.
contract MultiOwnerModularAccount is IAccount, ModularAccountCalls {
    address public immutable ENTRY_POINT;
    MultiOwnerPlugin public immutable MULTI_OWNER_PLUGIN;

    bytes4 private constant _ERC1271_MAGIC_VALUE = 0x1626ba7e;
    bytes4 private constant _ERC1271_INVALID = 0xffffffff;
    uint256 private constant _SIG_VALIDATION_FAILED = 1;
    /// keccak256("sigil.multi-owner-modular-account.initialized")
    bytes32 private constant _INITIALIZED_SLOT = 0x7253d60dad428d332b8637b90a379fb1e88d124b9b90b8026ecb622079088a1a;

    error AlreadyInitialized();
    error NotEntryPoint(address caller);

    constructor(address entryPoint, MultiOwnerPlugin multiOwnerPlugin) {
        ENTRY_POINT = entryPoint;
        MULTI_OWNER_PLUGIN = multiOwnerPlugin;
    }

    /// Called once by the factory right after the proxy is created.
    function initialize(address[] calldata owners) external onlyProxy {
        bytes32 slot = _INITIALIZED_SLOT;
        bool initialized;
        assembly {
            initialized := sload(slot)
            sstore(slot, 1)
        }
        if (initialized) revert AlreadyInitialized();
        MULTI_OWNER_PLUGIN.onInstall(abi.encode(owners));
    }

    function entryPoint() external view returns (address) {
        return ENTRY_POINT;
    }

    function validateUserOp(UserOperation calldata userOp, bytes32 userOpHash, uint256 missingAccountFunds)
        external
        returns (uint256 validationData)
    {
        if (msg.sender != ENTRY_POINT) revert NotEntryPoint(msg.sender);
        bytes32 digest = ECDSA.toEthSignedMessageHash(userOpHash);
        if (!MULTI_OWNER_PLUGIN.isValidSignatureOf(address(this), digest, userOp.signature)) {
            validationData = _SIG_VALIDATION_FAILED;
        }
        _payPrefund(missingAccountFunds);
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        bytes32 digest = MULTI_OWNER_PLUGIN.getMessageHash(address(this), abi.encode(hash));
        if (MULTI_OWNER_PLUGIN.isValidSignatureOf(address(this), digest, signature)) return _ERC1271_MAGIC_VALUE;
        return _ERC1271_INVALID;
    }

    /// The plugin's `updateOwners`, made by this account.
    function updateOwners(address[] calldata ownersToAdd, address[] calldata ownersToRemove)
        external
        onlyAuthorized
    {
        MULTI_OWNER_PLUGIN.updateOwners(ownersToAdd, ownersToRemove);
    }

    /// The plugin's domain for this account (ERC-5267).
    function eip712Domain()
        external
        view
        returns (bytes1, string memory, string memory, uint256, address, bytes32, uint256[] memory)
    {
        return MULTI_OWNER_PLUGIN.eip712Domain();
    }

    /// The account loupe's `getInstalledPlugins`: the MultiOwnerPlugin, the only one.
    function getInstalledPlugins() external view returns (address[] memory plugins) {
        plugins = new address[](1);
        plugins[0] = address(MULTI_OWNER_PLUGIN);
    }

    function _checkAuthorized() internal view override {
        if (msg.sender == ENTRY_POINT || msg.sender == address(this)) return;
        if (MULTI_OWNER_PLUGIN.isOwnerOf(address(this), msg.sender)) return;
        revert Unauthorized(msg.sender);
    }
}
