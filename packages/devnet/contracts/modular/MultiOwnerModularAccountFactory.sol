// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {LibClone} from "solady/utils/LibClone.sol";
import {MultiOwnerModularAccount} from "./MultiOwnerModularAccount.sol";

/// Sigil's stand-in for the MultiOwnerModularAccountFactory (placed at 0x000000e92D78D90000007F0082006FDA09BD5f11
/// on the devnet): `createAccount(uint256 salt, address[] owners)` (0x73876732, salt first) deploys an ERC-1967
/// proxy of `IMPL` with CREATE2 salt keccak256(abi.encode(owners, salt)) and installs the owners. Owners must be
/// sorted ascending without duplicates or the zero address, as the SDK sends them.
contract MultiOwnerModularAccountFactory {
    uint256 public constant MAX_OWNERS = 100;

    address public immutable IMPL;
    address public immutable MULTI_OWNER_PLUGIN;

    error InvalidOwners();

    constructor(address implementation, address multiOwnerPlugin) {
        IMPL = implementation;
        MULTI_OWNER_PLUGIN = multiOwnerPlugin;
    }

    /// Deploys the account if it does not exist yet and returns its address either way.
    function createAccount(uint256 salt, address[] calldata owners) external returns (address account) {
        _checkOwners(owners);
        bool alreadyDeployed;
        (alreadyDeployed, account) = LibClone.createDeterministicERC1967(IMPL, _salt(salt, owners));
        if (!alreadyDeployed) MultiOwnerModularAccount(payable(account)).initialize(owners);
    }

    function getAddress(uint256 salt, address[] calldata owners) external view returns (address) {
        _checkOwners(owners);
        return LibClone.predictDeterministicAddressERC1967(IMPL, _salt(salt, owners), address(this));
    }

    function _salt(uint256 salt, address[] calldata owners) private pure returns (bytes32) {
        return keccak256(abi.encode(owners, salt));
    }

    function _checkOwners(address[] calldata owners) private pure {
        if (owners.length == 0 || owners.length > MAX_OWNERS) revert InvalidOwners();
        address previous = address(0);
        for (uint256 i = 0; i < owners.length; ++i) {
            if (owners[i] <= previous) revert InvalidOwners();
            previous = owners[i];
        }
    }
}
