// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {LibClone} from "solady/utils/LibClone.sol";

/// @title LightAccountFactoryBase
/// @notice Deterministic ERC-1967 proxies of one implementation (CREATE2 from this factory), so an account's address
/// follows from its owner(s) and salt and `EntryPoint.getSenderAddress(initCode)` equals `getAddress`.
/// @dev Both addresses are immutables: the factory is placed at a canonical address by copying runtime code.
abstract contract LightAccountFactoryBase {
    address internal immutable _ENTRY_POINT;
    address internal immutable _IMPLEMENTATION;

    constructor(address anEntryPoint, address implementation) {
        _ENTRY_POINT = anEntryPoint;
        _IMPLEMENTATION = implementation;
    }

    /// @notice The EntryPoint the accounts trust.
    function ENTRY_POINT() external view returns (address) {
        return _ENTRY_POINT;
    }

    /// @notice The implementation behind every proxy (v2 name).
    function ACCOUNT_IMPLEMENTATION() external view returns (address) {
        return _IMPLEMENTATION;
    }

    /// @notice The implementation behind every proxy (v1 name).
    function accountImplementation() external view returns (address) {
        return _IMPLEMENTATION;
    }

    /// @dev Deploys the proxy for `salt` unless it exists; `initializer` runs on a new proxy only.
    function _deployProxy(bytes32 salt, bytes memory initializer) internal returns (address account) {
        (bool alreadyDeployed, address instance) = LibClone.createDeterministicERC1967(_IMPLEMENTATION, salt);
        if (!alreadyDeployed) {
            (bool success, bytes memory result) = instance.call(initializer);
            if (!success) {
                assembly ("memory-safe") {
                    revert(add(result, 32), mload(result))
                }
            }
        }
        return instance;
    }

    function _predictProxy(bytes32 salt) internal view returns (address) {
        return LibClone.predictDeterministicAddressERC1967(_IMPLEMENTATION, salt, address(this));
    }
}
